import { Link } from 'react-router';
import { ApiRequestError } from '@/lib/api-client';
import { designPageMessages } from '@/lib/design-view';

/** What the design page shows when the design cannot be loaded: gone (404), or failed otherwise. */
export function DesignLoadError({ error }: { error: Error }) {
  const notFound = error instanceof ApiRequestError && error.status === 404;
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-start gap-6 px-4 py-20 sm:px-6">
      <h1 className="stencil-heading text-4xl text-bone">
        {notFound ? 'Not found' : 'Something went wrong'}
      </h1>
      <p role="alert" className="text-lg text-danger">
        {notFound ? designPageMessages.notFound : designPageMessages.fetchFailed}
      </p>
      <Link to="/gallery" className="btn btn-primary">
        Back to the gallery
      </Link>
    </div>
  );
}
