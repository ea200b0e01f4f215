import { Link } from 'react-router';
import { ApiRequestError } from '@/lib/api-client';

/** What a ground's or a bred design's page shows when it cannot be loaded: gone (404), or failed. */
export function BreedingLoadError({ error, notFound }: { error: Error; notFound: string }) {
  const gone = error instanceof ApiRequestError && error.status === 404;
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-start gap-6 px-4 py-20 sm:px-6">
      <h1 className="stencil-heading text-4xl text-bone">{gone ? 'Not found' : 'Something went wrong'}</h1>
      <p role="alert" className="text-lg text-danger">
        {gone ? notFound : 'This page could not be loaded. Please try again.'}
      </p>
      <Link to="/breeding" className="btn btn-primary">
        All breeding grounds
      </Link>
    </div>
  );
}
