import { safeRedirectPath } from '@camo/shared/redirect';
import { apiMessages } from '@camo/shared/api-messages';
import { messages } from '@camo/shared/messages';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConfig } from '@/lib/config';
import { useControlReady } from '@/lib/hydration';
import { useMe } from '@/lib/me';
import { useSendMagicLink } from '../api/send-magic-link';
import { AuthCard } from './auth-card';
import { EmailLinkCompletion } from './email-link-completion';
import { GoogleLogo } from './google-logo';

type Mode = 'login' | 'signup';

const copy = {
  login: {
    eyebrow: 'Welcome back',
    title: 'Log In',
    intro: 'Sign in to design, submit and vote.',
    google: 'Sign in with Google',
    send: 'Send sign-in link',
    sendFailed: messages.sendSignInLinkFailed,
  },
  signup: {
    eyebrow: 'Join the unit',
    title: 'Sign Up',
    intro: 'Create your account to design patterns for your ground and vote in the monthly contest.',
    google: 'Sign up with Google',
    send: 'Send sign-up link',
    sendFailed: messages.sendSignUpLinkFailed,
  },
} as const;

/** The /login and /signup page body: Google, the e-mail link (coming soon unless enabled) and, for sign-up, the terms. */
export function SignInPanel({ mode }: { mode: Mode }) {
  const [searchParams] = useSearchParams();
  const config = useConfig();
  const me = useMe();
  const text = copy[mode];
  const linkToken = searchParams.get('link');
  const redirectParam = searchParams.get('redirect');
  const redirectTarget = safeRedirectPath(redirectParam);

  const [agreed, setAgreed] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  // Back from the provider with an error: none for that person yet (a sign-in on /login makes
  // no account: sign up first, with the terms), or the sign-in failed.
  const returnedError = searchParams.get('error');
  const needsSignUp = mode === 'login' && returnedError === 'signup_disabled';
  const [googleError, setGoogleError] = useState<string | null>(
    returnedError && !needsSignUp ? messages.googleSignInFailed : null,
  );
  const [googlePending, setGooglePending] = useState(false);
  const [email, setEmail] = useState('');
  const sendLink = useSendMagicLink();
  const ready = useControlReady();

  const termsId = useId();
  const termsErrorId = useId();
  const emailId = useId();
  const emailHelpId = useId();

  if (linkToken) return <EmailLinkCompletion token={linkToken} signUp={mode === 'signup'} />;

  const emailLinkEnabled = config.data?.emailLinkEnabled === true;

  /** Sign-up needs the box ticked before any sign-in starts (spec §5, also for Google). */
  const termsAccepted = (): boolean => {
    if (mode === 'signup' && !agreed) {
      setTermsError(messages.termsRequired);
      return false;
    }
    return true;
  };

  const signInWithGoogle = async () => {
    const provider = config.data?.signInProvider;
    if (!provider || !termsAccepted()) return;
    setGoogleError(null);
    setGooglePending(true);
    // better-auth adds its own `error` to this address.
    const errorTarget = new URLSearchParams({ from: 'google' });
    if (redirectParam) errorTarget.set('redirect', redirectTarget);
    try {
      const { authClient } = await import('@/lib/auth-client');
      const { error } = await authClient.signIn.social({
        provider,
        callbackURL: redirectTarget,
        errorCallbackURL: `/${mode}?${errorTarget.toString()}`,
        // Only /signup, its box ticked, may make an account (issue 40).
        ...(mode === 'signup' ? { requestSignUp: true } : {}),
      });
      // On success better-auth sends the browser to the provider; we only get here on failure.
      if (error) {
        setGoogleError(messages.googleSignInFailed);
        setGooglePending(false);
      }
    } catch {
      setGoogleError(messages.googleSignInFailed);
      setGooglePending(false);
    }
  };

  const submitEmail = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!emailLinkEnabled || !termsAccepted()) return;
    sendLink.mutate({ email: email.trim(), signUp: mode === 'signup' });
  };

  const otherPage =
    mode === 'login'
      ? { prompt: 'New here?', label: 'Create an account', to: '/signup' }
      : { prompt: 'Already a member?', label: 'Log in', to: '/login' };
  const otherSearch = redirectParam ? `?${new URLSearchParams({ redirect: redirectTarget }).toString()}` : '';

  return (
    <AuthCard eyebrow={text.eyebrow} title={text.title} intro={text.intro}>
      {me.data && (
        <p className="rounded border border-olive-500 bg-olive-900 p-3 text-sm">
          You're already signed in.{' '}
          <Link to={redirectTarget} className="text-link">
            Continue
          </Link>
        </p>
      )}

      {/* Sent here from a members' page (the gallery, the game, designing): say why. */}
      {redirectParam && redirectTarget !== '/' && !me.data && !needsSignUp && !returnedError && (
        <p
          className="rounded border border-olive-500 bg-olive-900 p-3 text-sm"
          data-testid="members-only-note"
        >
          That page is for members.{' '}
          {mode === 'login' ? (
            <>
              Log in to open it, or{' '}
              <Link to={`/signup${otherSearch}`} className="text-link">
                sign up
              </Link>{' '}
              if you are new.
            </>
          ) : (
            'Sign up to open it.'
          )}
        </p>
      )}

      {needsSignUp && (
        <p role="alert" className="rounded border border-blaze/60 bg-blaze/10 p-3">
          {apiMessages.signUpFirst}{' '}
          <Link to={`/signup${otherSearch}`} className="text-link font-semibold">
            Sign up
          </Link>
        </p>
      )}

      {googleError && (
        <p role="alert" className="rounded border border-danger/60 bg-danger/10 p-3 text-danger">
          {googleError}
        </p>
      )}

      {mode === 'signup' && (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start gap-3">
            <input
              id={termsId}
              type="checkbox"
              {...ready()}
              checked={agreed}
              onChange={(event) => {
                setAgreed(event.target.checked);
                if (event.target.checked) setTermsError(null);
              }}
              required
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? termsErrorId : undefined}
              className="mt-1 size-5 shrink-0 accent-blaze"
            />
            <label htmlFor={termsId} className="leading-snug">
              I agree to the{' '}
              <Link to="/terms" className="text-link">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/privacy" className="text-link">
                Privacy Policy
              </Link>
              .
            </label>
          </div>
          {termsError && (
            <p id={termsErrorId} role="alert" className="text-sm text-danger">
              {termsError}
            </p>
          )}
        </div>
      )}

      <div className="flex flex-col gap-2">
        <button
          type="button"
          onClick={() => void signInWithGoogle()}
          {...ready(googlePending || !config.data?.signInProvider)}
          className="btn w-full border-2 border-bone bg-bone text-night normal-case tracking-normal hover:bg-white"
        >
          <GoogleLogo />
          {googlePending ? 'Redirecting…' : text.google}
        </button>
        {config.data?.signInProvider === 'dev-oidc' && (
          <p className="text-center text-sm text-sage">Uses the built-in development sign-in provider.</p>
        )}
        {config.data && !config.data.signInProvider && (
          <p className="text-center text-sm text-sage">{messages.signInNotConfigured}</p>
        )}
      </div>

      <div className="flex items-center gap-3 text-sm uppercase tracking-widest text-sage" aria-hidden="true">
        <span className="h-px flex-1 bg-olive-700" />
        or
        <span className="h-px flex-1 bg-olive-700" />
      </div>

      {sendLink.isSuccess ? (
        <div role="status" className="rounded border border-olive-500 bg-olive-900 p-4">
          <p className="font-semibold">Check your inbox.</p>
          <p className="mt-1 text-sm text-sage">
            We sent a link to <span className="font-semibold text-bone">{sendLink.variables?.email}</span>.
            Open it in this browser to finish signing in.
          </p>
        </div>
      ) : (
        <form onSubmit={submitEmail} className="flex flex-col gap-3" noValidate={!emailLinkEnabled}>
          <div className="flex items-center justify-between gap-2">
            <label htmlFor={emailId} className="font-condensed text-lg font-bold uppercase tracking-wider">
              Email address
            </label>
            {!emailLinkEnabled && (
              <span className="rounded-sm bg-coyote-300 px-2 py-0.5 font-condensed text-sm font-bold uppercase tracking-wider text-night">
                Coming soon
              </span>
            )}
          </div>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            {...ready(!emailLinkEnabled || sendLink.isPending)}
            aria-describedby={emailHelpId}
            placeholder="you@example.com"
            className="field-input"
          />
          <p id={emailHelpId} className="text-sm text-sage">
            {emailLinkEnabled
              ? "We'll e-mail you a one-time link. No password needed."
              : 'Passwordless e-mail sign-in is coming soon. Use Google for now.'}
          </p>
          {sendLink.isError && (
            <p role="alert" className="text-sm text-danger">
              {text.sendFailed}
            </p>
          )}
          <button
            type="submit"
            className="btn btn-secondary w-full"
            {...ready(!emailLinkEnabled || sendLink.isPending)}
          >
            {sendLink.isPending ? 'Sending…' : text.send}
          </button>
        </form>
      )}

      <p className="text-center text-sage">
        {otherPage.prompt}{' '}
        <Link to={`${otherPage.to}${otherSearch}`} className="text-link">
          {otherPage.label}
        </Link>
      </p>
    </AuthCard>
  );
}
