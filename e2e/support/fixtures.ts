import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export interface TestUser {
  name: string;
  email: string;
}

/** A fresh identity per call, so tests never share accounts. */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomUUID().slice(0, 8);
  return { name: `Tester ${id}`, email: `tester-${id}@example.com`, ...overrides };
}

/**
 * Signs in the way a person does, then the development provider's account chooser, creating the
 * test account there or picking it when it already exists. An account is made only on /signup,
 * its terms box ticked (issue 40), which signs an existing account in too: so from /login (where a
 * protected page sends a visitor) this goes on to /signup with the same redirect, as the login
 * page's "Create an account" does, unless `via` is 'login' (an account that exists already).
 */
export async function signInThroughUi(
  page: Page,
  user: TestUser,
  from = '/signup',
  via: 'signup' | 'login' = 'signup',
): Promise<void> {
  const at = page.url().startsWith('http') ? new URL(page.url()) : null;
  if (via === 'signup' && at?.pathname === '/login') await page.goto(`/signup${at.search}`);
  else if (at?.pathname !== '/login' && at?.pathname !== '/signup') await page.goto(from);
  if (new URL(page.url()).pathname === '/signup') await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /sign (in|up) with google/i }).click();
  await page.waitForURL(/\/dev-oidc\/interaction\//);
  const existing = page.getByRole('button', { name: new RegExp(user.email.replace(/[.+]/g, '\\$&')) });
  if ((await existing.count()) > 0) {
    await existing.first().click();
  } else {
    await page.getByLabel('Name').fill(user.name);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Create and sign in' }).click();
  }
  await page.waitForURL((url) => !url.pathname.startsWith('/dev-oidc') && !url.pathname.startsWith('/api/'));
}

/** What signInOnce keeps of an account's sign-in: the browser's cookies and where it landed. */
interface SavedSignIn {
  cookies: Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>;
  landedAt: string;
}

const savedSignInFile = (origin: string, email: string) =>
  path.join(
    base.info().project.outputDir,
    '.auth',
    `${new URL(origin).host}-${email}.json`.replace(/[^\w.@-]/g, '_'),
  );

/**
 * Signs `page`'s browser in as `user` once per account and server for the whole run: the first
 * time through the UI (signInThroughUi), saving the browser state (Playwright's storageState:
 * the session cookie); afterwards by giving the browser that state, checked with /api/me, and
 * opening the page the sign-in landed on. For accounts several tests use (the moderator): the
 * sign-in itself is tested in auth.spec.ts and member-count.spec.ts, which keep signInThroughUi.
 */
export async function signInOnce(page: Page, user: TestUser): Promise<void> {
  const origin = new URL(page.url().startsWith('http') ? page.url() : base.info().project.use.baseURL!)
    .origin;
  const file = savedSignInFile(origin, user.email);
  let saved: SavedSignIn | undefined;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as SavedSignIn;
  } catch {
    saved = undefined;
  }
  if (saved) {
    await page.context().addCookies(saved.cookies);
    const me = await page.request.get(`${origin}/api/me`);
    const email = me.ok() ? ((await me.json()) as { email?: string }).email : undefined;
    if (email === user.email) {
      await page.goto(saved.landedAt);
      return;
    }
    // The session is gone (signed out, or another server): sign in afresh.
    await page.context().clearCookies();
  }
  await signInThroughUi(page, user, `${origin}/signup`);
  const state = await page.context().storageState();
  const host = new URL(origin).hostname;
  const cookies = state.cookies.filter((c) => c.domain.replace(/^\./, '') === host);
  mkdirSync(path.dirname(file), { recursive: true });
  // Written whole, then renamed: another worker may read it meanwhile.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify({ cookies, landedAt: page.url() } satisfies SavedSignIn));
  renameSync(partial, file);
}

/**
 * No serious or critical accessibility violation on the page as it is now, by axe, and no error by
 * HTML_CodeSniffer's WCAG 2 AA rules (the checker pa11y runs): the two find different things.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
  expect(await htmlCodeSnifferErrors(page), `HTML_CodeSniffer WCAG2AA errors on ${page.url()}`).toEqual([]);
}

const htmlcsScript = readFileSync(
  fileURLToPath(import.meta.resolve('html_codesniffer/build/HTMLCS.js')),
  'utf8',
);

/**
 * HTML_CodeSniffer's errors (type 1; its warnings and notices ask for a person's judgement) for
 * the WCAG 2 AA standard on the page as it is now, one line each: code, message, element. The
 * built script is evaluated through the DevTools protocol, as axe is, which the page's
 * Content-Security-Policy (no inline script) does not govern.
 */
export async function htmlCodeSnifferErrors(page: Page): Promise<string[]> {
  await page.evaluate(htmlcsScript);
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        type Message = { type: number; code: string; msg: string; element: Element };
        const htmlcs = (
          window as unknown as {
            HTMLCS: {
              process(standard: string, content: Document, done: () => void, failed: () => void): void;
              getMessages(): Message[];
            };
          }
        ).HTMLCS;
        htmlcs.process(
          'WCAG2AA',
          document,
          () =>
            resolve(
              htmlcs
                .getMessages()
                .filter((message) => message.type === 1)
                .map((m) => `${m.code}: ${m.msg} (${m.element.outerHTML.slice(0, 200)})`),
            ),
          () => reject(new Error('HTML_CodeSniffer failed to run')),
        );
      }),
  );
}

/**
 * Presses Tab until `target` has the focus, proving it is reachable by keyboard. The element is
 * found once, first: an open list box hides the rest of the page from role queries meanwhile.
 */
export async function tabTo(page: Page, target: Locator, presses = 60): Promise<void> {
  const element = await target.elementHandle();
  if (!element) throw new Error(`tabTo: nothing matches ${target.toString()}`);
  for (let i = 0; i < presses; i++) {
    if (await element.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`tabTo: ${presses} presses of Tab never reached ${target.toString()}`);
}

export async function memberCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/members/count');
  return ((await response.json()) as { count: number }).count;
}

/**
 * Every test's pages: a script or style the site's Content Security Policy refused (a console
 * error in Chromium) fails the test, since a person would see that page break the same way.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const watch = (page: Page) =>
        page.on('console', (message) => {
          if (message.type() === 'error' && /Content Security Policy/.test(message.text()))
            violations.push(`${page.url()}: ${message.text()}`);
        });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(violations);
      expect(violations, 'refused by the Content Security Policy').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
