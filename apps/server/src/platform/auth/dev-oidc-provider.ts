// Its routes are hidden from the API docs (`hide`, a property @fastify/swagger adds to route schemas).
import type {} from '@fastify/swagger';
import { apiMessages } from '@camo/shared/api-messages';
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import { normaliseDisplayName } from '@camo/shared/profile.schema';
import type { Db } from '../db/database.js';
import type { AuthRepository } from './auth.repository.js';
import { devOidcAdapter, devOidcSigningKey } from './dev-oidc-adapter.repository.js';

/**
 * The development sign-in: a real OpenID provider (oidc-provider) mounted on our own server,
 * so that "Sign in with Google" runs the same authorization-code flow with PKCE, state and
 * nonce when no Google credentials exist. Its account chooser lets a person pick or create a
 * test account. config.ts never enables it in production.
 */

export const DEV_OIDC_PATH = '/dev-oidc';
export const DEV_OIDC_PROVIDER_ID = 'dev-oidc';
export const DEV_OIDC_CLIENT_ID = 'camo-web';

export interface DevOidcOptions {
  origin: string;
  secret: string;
  repo: AuthRepository;
  /** Where the provider keeps its state, shared by every API process. */
  db: Db;
}

export function devOidcClientSecret(secret: string): string {
  return createHash('sha256').update(`dev-oidc-client:${secret}`).digest('base64url');
}

export function devOidcIssuer(origin: string): string {
  return `${origin}${DEV_OIDC_PATH}`;
}

async function createProvider({ origin, secret, repo, db }: DevOidcOptions): Promise<Provider> {
  // The provider's library (about 180 modules) is loaded at the first sign-in, not at start.
  const { default: OidcProvider } = await import('oidc-provider');
  const configuration: Configuration = {
    adapter: devOidcAdapter(db),
    jwks: { keys: [devOidcSigningKey(secret)] },
    clients: [
      {
        client_id: DEV_OIDC_CLIENT_ID,
        client_secret: devOidcClientSecret(secret),
        redirect_uris: [`${origin}/api/auth/callback/${DEV_OIDC_PROVIDER_ID}`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'EdDSA',
      },
    ],
    async findAccount(_ctx, id) {
      const account = await repo.findDevAccount(id);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: true,
          name: account.name,
          ...(account.avatarUrl ? { picture: account.avatarUrl } : {}),
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    scopes: ['openid', 'email', 'profile'],
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${DEV_OIDC_PATH}/interaction/${interaction.uid}` },
    cookies: { keys: [createHash('sha256').update(`dev-oidc-cookies:${secret}`).digest('base64url')] },
    // Our own web app is the only client, so consent is implied: grant the requested scopes.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
  };
  const provider = new OidcProvider(devOidcIssuer(origin), configuration);
  provider.proxy = false;
  return provider;
}

const createAccountSchema = z.object({
  name: z
    .string()
    .transform(normaliseDisplayName)
    .pipe(z.string().min(2, 'Name must be at least 2 characters.')),
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address.')),
  avatarUrl: z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v))
    .pipe(
      z
        .url({ protocol: /^https?$/, message: apiMessages.avatarUrl })
        .max(500)
        .nullable(),
    ),
});

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface ChooserView {
  uid: string;
  accounts: { id: string; name: string; email: string }[];
  error?: string;
  values?: { name?: string; email?: string; avatarUrl?: string };
}

function chooserPage({ uid, accounts, error, values }: ChooserView): string {
  const action = `${DEV_OIDC_PATH}/interaction/${encodeURIComponent(uid)}`;
  const list = accounts.length
    ? accounts
        .map(
          (a) => `<li><form method="post" action="${action}/login">
  <input type="hidden" name="accountId" value="${escapeHtml(a.id)}">
  <button type="submit" class="account"><strong>${escapeHtml(a.name)}</strong><span>${escapeHtml(a.email)}</span></button>
</form></li>`,
        )
        .join('\n')
    : '<li class="empty">No test accounts yet. Create one below.</li>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"><link rel="stylesheet" href="${DEV_OIDC_PATH}-ui/style.css"></head>
<body><main>
<p class="badge">Development sign-in</p>
<h1>Choose a test account</h1>
<p class="notice">This is the built-in <strong>development sign-in</strong>, not Google. It runs because no Google
credentials are configured. Anyone using this server can pick any account; there are no passwords.</p>
<h2>Test accounts</h2>
<ul class="accounts">${list}</ul>
<h2>Create a test account</h2>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}/create" class="create">
  <label>Name <input name="name" required maxlength="50" autocomplete="name" value="${escapeHtml(values?.name ?? '')}"></label>
  <label>E-mail <input name="email" type="email" required maxlength="200" autocomplete="email" value="${escapeHtml(values?.email ?? '')}"></label>
  <label>Avatar URL (optional) <input name="avatarUrl" type="url" maxlength="500" value="${escapeHtml(values?.avatarUrl ?? '')}"></label>
  <button type="submit">Create and sign in</button>
</form>
<form method="post" action="${action}/abort"><button type="submit" class="link">Cancel sign-in</button></form>
</main></body></html>`;
}

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#1d1f17;color:#eee8d5}
main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#2b2e22;border-radius:12px}
h1{margin:.25rem 0 1rem;font-size:1.6rem}h2{font-size:1.1rem;margin-top:1.5rem}
.badge{display:inline-block;background:#e8702a;color:#111;font-weight:700;padding:.2rem .6rem;border-radius:999px;margin:0}
.notice{background:#3a3d2c;padding:.75rem;border-left:4px solid #e8702a}
.accounts{list-style:none;padding:0;display:grid;gap:.5rem}.empty{color:#c9c3ad}
button{font:inherit;cursor:pointer;border-radius:8px;border:0;padding:.6rem 1rem;background:#e8702a;color:#111;font-weight:700}
button.account{width:100%;text-align:left;background:#44482f;color:#eee8d5;display:flex;flex-direction:column}
button.account span{font-size:.9rem;color:#c9c3ad}button.link{background:none;color:#eee8d5;text-decoration:underline;padding:0;margin-top:1rem}
label{display:block;margin:.5rem 0}input{display:block;width:100%;box-sizing:border-box;padding:.5rem;border-radius:6px;border:1px solid #6b6f4f;background:#1d1f17;color:#eee8d5}
.error{color:#ffb4a1;font-weight:600}:focus-visible{outline:3px solid #ffd27a;outline-offset:2px}`;

/** Mounts the provider and its account chooser under /dev-oidc. */
export async function registerDevOidcProvider(app: FastifyInstance, options: DevOidcOptions): Promise<void> {
  let created: Promise<{ provider: Provider; handle: ReturnType<Provider['callback']> }> | undefined;
  const oidc = () =>
    (created ??= createProvider(options).then(
      (provider) => ({ provider, handle: provider.callback() }),
      (error: unknown) => {
        created = undefined;
        throw error;
      },
    ));
  const provider = async () => (await oidc()).provider;
  const { repo } = options;

  app.get(`${DEV_OIDC_PATH}-ui/style.css`, { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(STYLE),
  );

  // The account chooser: ordinary form posts from our own origin.
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 4096 });

    const raw = (req: FastifyRequest, reply: FastifyReply): [IncomingMessage, ServerResponse] => [
      req.raw,
      reply.raw,
    ];

    const listAccounts = () => repo.listDevAccounts(50);

    /** The chooser again, with what went wrong and what the person typed. */
    const showChooserAgain = async (
      reply: FastifyReply,
      uid: string,
      error: string,
      values?: ChooserView['values'],
    ) =>
      reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(chooserPage({ uid, accounts: await listAccounts(), error, values }));

    const finishLogin = async (req: FastifyRequest, reply: FastifyReply, accountId: string) => {
      reply.hijack();
      await (
        await provider()
      ).interactionFinished(...raw(req, reply), { login: { accountId } }, { mergeWithLastSubmission: false });
    };

    scope.get<{ Params: { uid: string } }>(
      `${DEV_OIDC_PATH}/interaction/:uid`,
      { schema: { hide: true } },
      async (req, reply) => {
        const details = await (await provider()).interactionDetails(...raw(req, reply));
        if (details.uid !== req.params.uid) return reply.code(400).send('Interaction mismatch');
        return reply
          .type('text/html; charset=utf-8')
          .send(chooserPage({ uid: details.uid, accounts: await listAccounts() }));
      },
    );

    scope.post<{ Params: { uid: string }; Body: { accountId?: string } }>(
      `${DEV_OIDC_PATH}/interaction/:uid/login`,
      { schema: { hide: true } },
      async (req, reply) => {
        await (await provider()).interactionDetails(...raw(req, reply));
        const accountId = typeof req.body?.accountId === 'string' ? req.body.accountId : '';
        const account = await repo.findDevAccount(accountId);
        if (!account) {
          return showChooserAgain(reply, req.params.uid, 'That test account no longer exists.');
        }
        await finishLogin(req, reply, account.id);
      },
    );

    scope.post<{ Params: { uid: string }; Body: Record<string, unknown> }>(
      `${DEV_OIDC_PATH}/interaction/:uid/create`,
      { schema: { hide: true } },
      async (req, reply) => {
        await (await provider()).interactionDetails(...raw(req, reply));
        const body = req.body ?? {};
        const values = {
          name: typeof body.name === 'string' ? body.name : '',
          email: typeof body.email === 'string' ? body.email : '',
          avatarUrl: typeof body.avatarUrl === 'string' ? body.avatarUrl : '',
        };
        const parsed = createAccountSchema.safeParse(values);
        if (!parsed.success) {
          return showChooserAgain(
            reply,
            req.params.uid,
            parsed.error.issues[0]?.message ?? 'Check the form.',
            values,
          );
        }
        const existing = await repo.findDevAccountByEmail(parsed.data.email);
        const accountId = existing?.id ?? randomUUID();
        if (!existing) {
          await repo.insertDevAccount({ id: accountId, ...parsed.data });
        }
        await finishLogin(req, reply, accountId);
      },
    );

    scope.post<{ Params: { uid: string } }>(
      `${DEV_OIDC_PATH}/interaction/:uid/abort`,
      { schema: { hide: true } },
      async (req, reply) => {
        await (await provider()).interactionDetails(...raw(req, reply));
        reply.hijack();
        await (
          await provider()
        ).interactionFinished(
          ...raw(req, reply),
          { error: 'access_denied', error_description: 'The sign-in was cancelled.' },
          { mergeWithLastSubmission: false },
        );
      },
    );
  });

  // Everything else under /dev-oidc is the OpenID provider itself; it reads its own bodies.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const forward = (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const request = req.raw as IncomingMessage & { originalUrl?: string };
      request.originalUrl = request.url;
      request.url = (request.url ?? '/').slice(DEV_OIDC_PATH.length) || '/';
      void oidc().then(
        ({ handle }) => handle(request, reply.raw),
        () => {
          reply.raw.statusCode = 503;
          reply.raw.end();
        },
      );
    };
    scope.all(DEV_OIDC_PATH, { schema: { hide: true } }, forward);
    scope.all(`${DEV_OIDC_PATH}/*`, { schema: { hide: true } }, forward);
  });
}
