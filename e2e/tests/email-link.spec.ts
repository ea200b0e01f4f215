import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.js';

// These run against the second test server, where EMAIL_LINK_ENABLED=true.
const origin = process.env.E2E_LINK_ORIGIN ?? 'http://localhost:3211';
const outbox = path.join(process.env.E2E_LINK_DATA_DIR ?? '', 'outbox');
test.use({ baseURL: origin });

function linkSentTo(email: string): string {
  for (const file of readdirSync(outbox).sort().reverse()) {
    const mail = JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; url: string };
    if (mail.to === email) return mail.url;
  }
  throw new Error(`no mail to ${email}`);
}

test.describe('e-mail link sign-in (when switched on)', () => {
  test('a new e-mail on /login makes no account; on /signup with the terms: send, open, confirm, profile', async ({
    page,
  }) => {
    const email = `link-${Date.now()}@example.com`;
    await page.goto('/login');
    await page.getByRole('textbox', { name: /email address/i }).fill(email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect(page.getByText('Check your inbox.')).toBeVisible();
    const fromLogin = new URL(linkSentTo(email));
    expect(fromLogin.pathname).toBe('/login');
    await page.goto(fromLogin.pathname + fromLogin.search);
    await page.getByRole('button', { name: 'Confirm sign-in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'There is no account for that sign-in yet. Sign up first: you must agree to the Terms of Service and Privacy Policy.',
    );
    expect((await page.request.get('/api/me')).status()).toBe(401);

    await page.goto('/signup');
    await page.getByRole('checkbox').check();
    await page.getByRole('textbox', { name: /email address/i }).fill(email);
    await page.getByRole('button', { name: /send sign-up link/i }).click();
    await expect(page.getByText('Check your inbox.')).toBeVisible();

    // Opening the link spends nothing until the person confirms.
    const link = new URL(linkSentTo(email));
    expect(link.pathname).toBe('/signup');
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('button', { name: 'Confirm sign-in' })).toBeVisible();
    expect((await page.request.get('/api/me')).status()).toBe(401);

    await page.getByRole('button', { name: 'Confirm sign-in' }).click();
    await expect(page.getByText('Successfully logged in! Redirecting...')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/, { timeout: 5_000 });
    await expect(page.getByText(email)).toBeVisible();
  });

  test('a link opened in another browser asks for the e-mail', async ({ page, browser }) => {
    const email = `other-${Date.now()}@example.com`;
    await page.goto('/signup');
    await page.getByRole('checkbox').check();
    await page.getByRole('textbox', { name: /email address/i }).fill(email);
    await page.getByRole('button', { name: /send sign-up link/i }).click();
    await expect(page.getByText('Check your inbox.')).toBeVisible();

    const elsewhere = await (await browser.newContext({ baseURL: origin })).newPage();
    const link = new URL(linkSentTo(email));
    await elsewhere.goto(link.pathname + link.search);
    await elsewhere.getByRole('button', { name: 'Confirm sign-in' }).click();
    await expect(elsewhere.getByRole('alert')).toHaveText('Email is required to complete sign-in.');
    await elsewhere.getByRole('textbox', { name: /email/i }).fill(email);
    await elsewhere.getByRole('button', { name: 'Confirm sign-in' }).click();
    await expect(elsewhere.getByText('Successfully logged in! Redirecting...')).toBeVisible();
    await expect(elsewhere).toHaveURL(/\/profile$/, { timeout: 5_000 });
  });
});
