import { Link } from 'react-router';
import { useDocumentTitle } from './use-document-title';

type ComingSoonProps = {
  title: string;
  eyebrow: string;
  description: string;
  checklist: string[];
};

/** Placeholder for a page a later release fills in; says what is coming and where to go meanwhile. */
export function ComingSoon({ title, eyebrow, description, checklist }: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby="coming-soon-title" className="camo-texture-dim camo-texture">
      <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-16 sm:px-6 sm:py-24">
        <div className="flex flex-col gap-4">
          <p className="eyebrow">{eyebrow}</p>
          <h1 id="coming-soon-title" className="stencil-heading text-4xl text-bone sm:text-6xl">
            {title}
          </h1>
          <p className="inline-flex w-fit items-center gap-2 rounded bg-blaze px-3 py-1 font-condensed text-lg font-bold uppercase tracking-widest text-night">
            Coming soon
          </p>
          <p className="max-w-2xl text-lg leading-relaxed text-bone">{description}</p>
        </div>
        <div className="card p-6">
          <h2 className="font-condensed text-xl font-bold uppercase tracking-wider text-coyote-300">
            What's in the works
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {checklist.map((item) => (
              <li key={item} className="flex gap-3 text-bone">
                <span aria-hidden="true" className="mt-2 size-2 shrink-0 rotate-45 bg-blaze" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/profile" className="btn btn-primary">
            Go to your profile
          </Link>
          <Link to="/" className="btn btn-secondary">
            Back to home
          </Link>
        </div>
      </div>
    </section>
  );
}
