import { expect, newUser, signInThroughUi, test } from '../support/fixtures.js';

test.describe('sign-up and sign-in', () => {
  test('sign-up needs the terms checkbox, also for Google', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'You must agree to the Terms of Service and Privacy Policy.',
    );
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('link', { name: 'Terms of Service' }).first()).toHaveAttribute(
      'href',
      '/terms',
    );
    await expect(page.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  test('a new person signing in on /login makes no account: told to sign up first, with the terms @phone', async ({
    page,
  }) => {
    const user = newUser();
    await page.goto('/design');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdesign/);
    await signInThroughUi(page, user, '/login', 'login');
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole('alert')).toHaveText(
      'There is no account for that sign-in yet. Sign up first: you must agree to the Terms of Service and Privacy Policy. Sign up',
    );
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await expect(page).toHaveURL(/\/signup\?redirect=%2Fdesign$/);
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'You must agree to the Terms of Service and Privacy Policy.',
    );
    await signInThroughUi(page, user);
    await expect(page).toHaveURL(/\/design$/);
    expect((await page.request.get('/api/me')).status()).toBe(200);
  });

  test('the development sign-in says plainly what it is', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText(/development sign-in/i).first()).toBeVisible();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/\/dev-oidc\/interaction\//);
    await expect(page.getByText('Development sign-in').first()).toBeVisible();
    await expect(page.getByText(/not Google/)).toBeVisible();
  });

  test('the e-mail link sign-in is shown as coming soon and disabled', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('textbox', { name: /email address/i })).toBeDisabled();
    await expect(page.getByText('Coming soon').first()).toBeVisible();
  });

  test('a protected page sends a visitor to /login and back after sign-in', async ({ page }) => {
    await page.goto('/design');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdesign/);
    await signInThroughUi(page, newUser());
    await expect(page).toHaveURL(/\/design$/);
  });

  test('a failed Google sign-in shows the specification’s message', async ({ page }) => {
    await page.goto('/login?error=access_denied');
    await expect(page.getByRole('alert')).toHaveText('Failed to sign in with Google. Please try again.');
  });

  test('log out ends the session and protected pages need sign-in again', async ({ page }) => {
    await signInThroughUi(page, newUser());
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole('button', { name: 'Log Out' }).first().click();
    // Spec: Log Out signs out, then goes to /login (not back to the page it left).
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/);
  });

  test('after log out, another account can sign in on the same browser', async ({ page }) => {
    const first = newUser();
    const second = newUser();
    await signInThroughUi(page, first);
    await expect(page.getByRole('link', { name: first.name })).toBeVisible();
    await page.getByRole('button', { name: 'Log Out' }).first().click();
    await expect(page).toHaveURL(/\/login/);
    await signInThroughUi(page, second);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('link', { name: second.name })).toBeVisible();
  });

  test('the header follows the session', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: /log in/i })).toBeVisible();
    await expect(nav.getByRole('link', { name: /sign up/i })).toBeVisible();
    await signInThroughUi(page, newUser());
    await page.goto('/');
    await expect(nav.getByRole('link', { name: /profile/i })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log Out' }).first()).toBeVisible();
  });
});
