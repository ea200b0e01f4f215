import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { meQueryKey } from '@/lib/me';

/** Sign out, go to /login, then drop everything cached for the old session (the public config stays). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const { authClient } = await import('@/lib/auth-client');
    const { error } = await authClient.signOut();
    if (error) {
      toast.error('Failed to log out. Please try again.');
      return;
    }
    // Leave the protected page first, so it does not bounce to /login?redirect=... on the way out.
    await navigate('/login');
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== 'config' && query.queryKey[0] !== meQueryKey[0],
    });
  }, [navigate, queryClient]);
}
