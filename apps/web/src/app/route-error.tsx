import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useControlReady } from '@/lib/hydration';

/** Shown when a page fails to load or throws while rendering (e.g. its chunk could not be fetched). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const ready = useControlReady();
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-24 text-center">
      <h1 className="stencil-heading text-4xl text-bone">
        {notFound ? 'Page not found' : 'Something went wrong'}
      </h1>
      <p className="text-sage">
        {notFound
          ? 'That trail goes cold here.'
          : 'This page failed to load. Check your connection and reload the page.'}
      </p>
      <div className="flex gap-3">
        <button
          type="button"
          className="btn btn-primary"
          {...ready()}
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
        <Link to="/" className="btn btn-secondary">
          Home
        </Link>
      </div>
    </div>
  );
}
