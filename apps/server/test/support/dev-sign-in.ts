import { CookieJar } from './cookie-jar.js';

export interface TestAccount {
  name: string;
  email: string;
  avatarUrl?: string;
}

export interface Client {
  jar: CookieJar;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  json<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; body: T }>;
}

/** A browser-like client: keeps cookies and sends our Origin on every request. */
export function createClient(origin: string, jar = new CookieJar()): Client {
  const client: Client = {
    jar,
    async fetch(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('origin', origin);
      const cookie = jar.header();
      if (cookie) headers.set('cookie', cookie);
      const response = await fetch(new URL(path, origin), { ...init, headers, redirect: 'manual' });
      jar.store(response);
      return response;
    },
    async json<T>(path: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      if (init.body !== undefined) headers.set('content-type', 'application/json');
      const response = await client.fetch(path, { ...init, headers });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
  };
  return client;
}

/** Follows redirects by hand (so cookies are kept) until a non-redirect or a path we stop at. */
export async function follow(
  client: Client,
  start: Response,
  stopAt?: (url: URL) => boolean,
): Promise<{ response: Response; url: URL }> {
  let response = start;
  let url = new URL(start.url);
  for (let hops = 0; hops < 15 && response.status >= 300 && response.status < 400; hops++) {
    const location = response.headers.get('location');
    if (!location) break;
    url = new URL(location, url);
    if (stopAt?.(url)) return { response, url };
    response = await client.fetch(url.pathname + url.search);
  }
  return { response, url };
}

export interface SignInSteps {
  /** The authorization URL the provider was sent to (state, nonce, PKCE challenge inside). */
  authorizationUrl: URL;
  /** The callback URL the provider redirected back to (code and state inside). */
  callbackUrl: URL;
  client: Client;
}

/**
 * Runs the whole development sign-in as a browser would, stopping just before the callback
 * reaches our server, so tests can replay or tamper with it. As /signup does (its terms box
 * ticked), unless `signUp` is false: as /login does, which makes no account (issue 40).
 */
export async function startDevSignIn(
  origin: string,
  account: TestAccount,
  client = createClient(origin),
  { signUp = true, errorCallbackURL }: { signUp?: boolean; errorCallbackURL?: string } = {},
): Promise<SignInSteps> {
  const start = await client.json<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: JSON.stringify({
      provider: 'dev-oidc',
      callbackURL: '/profile',
      ...(signUp ? { requestSignUp: true } : {}),
      ...(errorCallbackURL ? { errorCallbackURL } : {}),
    }),
  });
  if (start.status !== 200)
    throw new Error(`sign-in start failed: ${start.status} ${JSON.stringify(start.body)}`);
  const authorizationUrl = new URL(start.body.url);
  const first = await client.fetch(authorizationUrl.pathname + authorizationUrl.search);
  const chooser = await follow(client, first);
  const uid = /\/dev-oidc\/interaction\/([^/?]+)/.exec(chooser.url.pathname)?.[1];
  if (!uid) throw new Error(`no interaction page, ended at ${chooser.url.href} (${chooser.response.status})`);
  const form = new URLSearchParams({
    name: account.name,
    email: account.email,
    avatarUrl: account.avatarUrl ?? '',
  });
  const created = await client.fetch(`/dev-oidc/interaction/${uid}/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  if (created.status !== 303)
    throw new Error(`account chooser refused: ${created.status} ${await created.text()}`);
  const back = await follow(client, created, (url) => url.pathname.startsWith('/api/auth/callback/'));
  if (!back.url.pathname.startsWith('/api/auth/callback/'))
    throw new Error(`never reached the callback: ${back.url.href}`);
  return { authorizationUrl, callbackUrl: back.url, client };
}

/** Completes a sign-in: the callback sets the session cookie and redirects to the app. */
export async function finishSignIn(steps: SignInSteps): Promise<Response> {
  return steps.client.fetch(steps.callbackUrl.pathname + steps.callbackUrl.search);
}

export async function signIn(origin: string, account: TestAccount): Promise<Client> {
  const steps = await startDevSignIn(origin, account);
  const done = await finishSignIn(steps);
  const location = done.headers.get('location') ?? '';
  if (done.status !== 302 || location.includes('error')) {
    throw new Error(`callback failed: ${done.status} ${location} ${await done.text()}`);
  }
  return steps.client;
}
