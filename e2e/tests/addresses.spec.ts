import { expect, newUser, signInThroughUi, test } from '../support/fixtures.js';

/**
 * The site on this machine answers on every loopback name, and sign-in works whichever a person
 * typed: pages asked for on another name than PUBLIC_URL's (http://localhost:PORT here) are sent
 * there first.
 */
test.describe('one address for the site on this machine', () => {
  test('opened at 127.0.0.1, a person lands on PUBLIC_URL and signs in', async ({ page, baseURL }) => {
    const site = new URL(baseURL!);
    const other = `http://127.0.0.1:${site.port}`;
    await page.goto(`${other}/login?redirect=%2Fprofile`);
    await expect(page).toHaveURL(`${site.origin}/login?redirect=%2Fprofile`);
    await signInThroughUi(page, newUser());
    await expect(page).toHaveURL(`${site.origin}/profile`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('opened at localhost, a person signs in where they are', async ({ page, baseURL }) => {
    const site = new URL(baseURL!);
    await page.goto(`http://localhost:${site.port}/login`);
    await signInThroughUi(page, newUser());
    await expect(page).toHaveURL(new RegExp(`^http://localhost:${site.port}/`));
    const me = await page.request.get(`http://localhost:${site.port}/api/me`);
    expect(me.status()).toBe(200);
  });
});
