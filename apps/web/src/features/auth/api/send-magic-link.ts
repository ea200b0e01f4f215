import { useMutation } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';

/** Where the e-mail link flow keeps the address until the link is opened (same browser). */
export const emailForSignInKey = 'emailForSignIn';

export async function sendMagicLink(email: string): Promise<void> {
  await requestJson('/api/auth/sign-in/magic-link', {
    method: 'POST',
    body: { email, callbackURL: '/profile' },
  });
}

export function useSendMagicLink() {
  return useMutation({
    mutationFn: sendMagicLink,
    onSuccess: (_data, email) => {
      try {
        localStorage.setItem(emailForSignInKey, email);
      } catch {
        // Storage may be unavailable (private mode); the link page then asks for the address.
      }
    },
  });
}
