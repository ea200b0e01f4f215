import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { useControlReady } from '@/lib/hydration';
import { useMe } from '@/lib/me';
import { signOutInProgress } from '@/lib/use-sign-out';

/** Where a signed-out visitor is sent: /login, remembering the page they asked for. */
export function loginPathFor(pathname: string, search: string): string {
  return `/login?${new URLSearchParams({ redirect: `${pathname}${search}` }).toString()}`;
}

/** Layout route for every signed-in page (spec §2): "Loading..." first, then the page or /login. */
export function ProtectedRoute() {
  const me = useMe();
  const location = useLocation();
  const ready = useControlReady();

  if (me.isPending) return <LoadingState />;
  // A failed background refetch keeps the page (and whatever the user is typing in it): only a
  // first check that failed has nothing to show.
  if (me.isError && me.data === undefined) {
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <p className="text-lg">We couldn't check whether you are signed in. Please try again.</p>
        <button type="button" className="btn btn-primary" {...ready()} onClick={() => void me.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!me.data)
    return (
      <Navigate
        to={signOutInProgress.current ? '/login' : loginPathFor(location.pathname, location.search)}
        replace
      />
    );
  return <Outlet />;
}
