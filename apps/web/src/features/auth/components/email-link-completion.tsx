import { limits } from '@camo/shared/limits';
import { messages } from '@camo/shared/messages';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '@/lib/api-client';
import { useControlReady, useHydrated } from '@/lib/hydration';
import { useConfirmMagicLink } from '../api/confirm-magic-link';
import { emailForSignInKey } from '../api/send-magic-link';
import { AuthCard } from './auth-card';

function storedEmail(): string | null {
  try {
    return localStorage.getItem(emailForSignInKey);
  } catch {
    return null;
  }
}

/**
 * /login?link=<token>: finishing an e-mail link sign-in. The token is spent only by the
 * "Confirm sign-in" button, never on page load, because mail scanners open links.
 */
export function EmailLinkCompletion({ token, signUp = false }: { token: string; signUp?: boolean }) {
  const navigate = useNavigate();
  // Read once the page runs in the browser: the server that rendered it has no storage.
  const hydrated = useHydrated();
  const remembered = useMemo(() => (hydrated ? storedEmail() : null), [hydrated]);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmMagicLink();
  const ready = useControlReady();
  const emailId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!confirm.isSuccess) return;
    const timer = window.setTimeout(
      () => void navigate('/profile', { replace: true }),
      limits.successRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [confirm.isSuccess, navigate]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = (remembered ?? email).trim();
    if (!address) {
      setError(messages.emailRequiredForLink);
      return;
    }
    setError(null);
    confirm.mutate(
      { token, email: address, ...(signUp ? { signUp: true } : {}) },
      {
        onError: (failure) =>
          setError(
            failure instanceof ApiRequestError
              ? failure.message
              : 'This sign-in link is invalid or has expired.',
          ),
      },
    );
  };

  if (confirm.isSuccess) {
    return (
      <AuthCard eyebrow="E-mail link" title="Signed in" intro="Welcome to the unit.">
        <p role="status" className="rounded border border-olive-500 bg-olive-900 p-4 text-lg font-semibold">
          {messages.signedInRedirecting}
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      eyebrow="E-mail link"
      title="Confirm sign-in"
      intro="You opened a sign-in link. Confirm to finish signing in on this device."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {remembered ? (
          <p className="text-sage">
            Signing in as <span className="font-semibold text-bone">{remembered}</span>.
          </p>
        ) : (
          <div className="flex flex-col gap-2">
            <label htmlFor={emailId} className="font-condensed text-lg font-bold uppercase tracking-wider">
              Email address
            </label>
            <p className="text-sm text-sage">Enter the e-mail address the link was sent to.</p>
            <input
              id={emailId}
              type="email"
              autoComplete="email"
              {...ready()}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="field-input"
            />
          </div>
        )}
        {error && (
          <p id={errorId} role="alert" className="text-danger">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary w-full" {...ready(confirm.isPending)}>
          {confirm.isPending ? 'Confirming…' : 'Confirm sign-in'}
        </button>
      </form>
    </AuthCard>
  );
}
