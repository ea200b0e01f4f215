import { useMutation } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';

/** Where the e-mail link flow keeps the address until the link is opened (same browser). */
export const emailForSignInKey = 'emailForSignIn';

/**
 * `signUp`: asked for on /signup with its terms box ticked; the link then opens /signup, whose
 * confirmation may make the account (a link from /login only signs an existing account in).
 */
export async function sendMagicLink({ email, signUp }: { email: string; signUp: boolean }): Promise<void> {
  await requestJson('/api/auth/sign-in/magic-link', {
    method: 'POST',
    body: { email, callbackURL: '/profile', ...(signUp ? { metadata: { signUp: true } } : {}) },
  });
}

export function useSendMagicLink() {
  return useMutation({
    mutationFn: sendMagicLink,
    onSuccess: (_data, { email }) => {
      try {
        localStorage.setItem(emailForSignInKey, email);
      } catch {
        // Storage may be unavailable (private mode); the link page then asks for the address.
      }
    },
  });
}
