import type { PublicConfig } from '@camo/shared/api.schema';
import { apiMessages } from '@camo/shared/api-messages';
import { messages } from '@camo/shared/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInPanel } from './sign-in-panel';
import { testConfig } from '@/test/public-config';

const signInSocial = vi.fn();
vi.mock('@/lib/auth-client', () => ({ authClient: { signIn: { social: signInSocial } } }));

const config = testConfig();

function renderPanel(mode: 'login' | 'signup', path: string, publicConfig: PublicConfig = config) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['config'], publicConfig);
  queryClient.setQueryData(['me'], null);
  const router = createMemoryRouter([{ path: `/${mode}`, element: <SignInPanel mode={mode} /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  signInSocial.mockReset().mockResolvedValue({ data: { url: 'https://accounts.example' }, error: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignInPanel', () => {
  it('on /signup, refuses to start Google sign-in until the terms are accepted', async () => {
    const user = userEvent.setup();
    renderPanel('signup', '/signup');

    // The sign-up page's button says what it does there.
    expect(screen.queryByRole('button', { name: /sign in with google/i })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.termsRequired);
    expect(signInSocial).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    // Only here, the box ticked, may the sign-in make an account.
    expect(signInSocial).toHaveBeenCalledWith(
      expect.objectContaining({ provider: 'google', callbackURL: '/profile', requestSignUp: true }),
    );
  });

  it('on /login, asks for no account; back without one, it says to sign up first and links there', async () => {
    const user = userEvent.setup();
    renderPanel(
      'login',
      `/login?from=google&error=signup_disabled&redirect=${encodeURIComponent('/design')}`,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(apiMessages.signUpFirst);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/signup?redirect=%2Fdesign',
    );
    expect(screen.queryByText(messages.googleSignInFailed)).toBeNull();
    await user.click(screen.getByRole('button', { name: /sign in with google/i }));
    expect(signInSocial.mock.calls[0]![0]).not.toHaveProperty('requestSignUp');
  });

  it('returns to a sanitised redirect target and shows the Google failure message', async () => {
    const user = userEvent.setup();
    renderPanel('login', `/login?error=google&redirect=${encodeURIComponent('/gallery?sort=recent')}`);

    expect(screen.getByRole('alert')).toHaveTextContent(messages.googleSignInFailed);
    await user.click(screen.getByRole('button', { name: /sign in with google/i }));
    expect(signInSocial).toHaveBeenCalledWith(
      expect.objectContaining({ callbackURL: '/gallery?sort=recent' }),
    );
  });

  it('offers no sign-in button when the server has no sign-in on', async () => {
    const user = userEvent.setup();
    renderPanel('login', '/login', { ...config, signInProvider: null });
    const button = screen.getByRole('button', { name: /sign in with google/i });
    expect(button).toBeDisabled();
    expect(screen.getByText(messages.signInNotConfigured)).toBeInTheDocument();
    await user.click(button);
    expect(signInSocial).not.toHaveBeenCalled();
  });

  it('never redirects off-site', async () => {
    const user = userEvent.setup();
    renderPanel('login', `/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await user.click(screen.getByRole('button', { name: /sign in with google/i }));
    expect(signInSocial).toHaveBeenCalledWith(expect.objectContaining({ callbackURL: '/profile' }));
  });

  it('shows the e-mail field disabled and marked coming soon while e-mail links are off', () => {
    renderPanel('login', '/login');
    expect(screen.getByRole('textbox', { name: /email address/i })).toBeDisabled();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send sign-in link' })).toBeDisabled();
  });

  it('asks for the e-mail before spending a link token', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderPanel('login', '/login?link=tok123');

    await user.click(screen.getByRole('button', { name: 'Confirm sign-in' }));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.emailRequiredForLink);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says why a visitor sent from a members' page is asked to log in, with the way to sign up", async () => {
    renderPanel('login', '/login?redirect=%2Fgallery');
    const note = await screen.findByTestId('members-only-note');
    expect(note).toHaveTextContent('That page is for members. Log in to open it, or sign up if you are new.');
    expect(screen.getByRole('link', { name: 'sign up' })).toHaveAttribute(
      'href',
      '/signup?redirect=%2Fgallery',
    );
  });

  it('says nothing of the kind on a plain visit to /login', () => {
    renderPanel('login', '/login');
    expect(screen.queryByTestId('members-only-note')).toBeNull();
  });
});
