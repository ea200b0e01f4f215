import { useConfig } from '@/lib/config';

/** Architecture: while the built-in development sign-in provider is on, every page says so. */
export function DevSignInNotice() {
  const config = useConfig();
  if (!config.data?.devSignIn) return null;
  return (
    <aside
      aria-label="Development sign-in"
      className="bg-coyote-300 px-4 py-1.5 text-center text-sm font-medium text-night"
    >
      <strong>Development sign-in:</strong> “Sign in with Google” and “Sign up with Google” use the built-in
      development provider.
    </aside>
  );
}
