import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { queryKeys } from '@/lib/query-keys';

/**
 * Set from a sign-out until /login has mounted: a protected page that finds itself signed out in
 * that window sends the person to /login itself, not to /login?redirect=<that page> as it would a
 * visitor who arrived signed out (spec: Log Out signs out, then goes to /login). It is cleared by
 * the login page, not when the sign-out call returns: the router renders the move to /login as a
 * transition, while the emptied session renders at once, so the protected page can still be on
 * screen, signed out, after this function has finished.
 */
export const signOutInProgress = { current: false };

/** Called by /login once it is on screen: the sign-out has arrived where it was going. */
export function signOutArrived() {
  signOutInProgress.current = false;
}

/** Sign out, go to /login, then drop everything cached for the old session (the public config stays). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const { authClient } = await import('@/lib/auth-client');
    signOutInProgress.current = true;
    const { error } = await authClient.signOut().catch((caught: unknown) => ({ error: caught }));
    if (error) {
      signOutInProgress.current = false;
      toast.error('Failed to log out. Please try again.');
      return;
    }
    await navigate('/login', { replace: true });
    queryClient.setQueryData(queryKeys.me, null);
    queryClient.removeQueries({
      predicate: (query) =>
        query.queryKey[0] !== queryKeys.config[0] && query.queryKey[0] !== queryKeys.me[0],
    });
  }, [navigate, queryClient]);
}
