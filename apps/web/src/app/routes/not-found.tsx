import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/ui/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-24 text-center">
      <p className="eyebrow">404</p>
      <h1 className="stencil-heading text-4xl text-bone sm:text-5xl">Page not found</h1>
      <p className="text-sage">Whatever you were tracking isn't here. Good camouflage, or a wrong turn.</p>
      <Link to="/" className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}
