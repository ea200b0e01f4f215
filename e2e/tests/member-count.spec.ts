import { expect, memberCount, newUser, signInThroughUi, test } from '../support/fixtures.js';

// The member counter is global, so these run in their own project before every other test
// (playwright.config.ts), where no other sign-up can happen between two readings.
test.describe.configure({ mode: 'serial' });

test.describe('the member counter', () => {
  test('a new account signs up, lands on the profile and counts as one new member', async ({ page }) => {
    const before = await memberCount(page);
    await page.goto('/');
    await expect(page.getByTestId('members-counter')).toContainText(before.toLocaleString('en-US'));
    const user = newUser();
    await signInThroughUi(page, user, '/signup');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('link', { name: user.name })).toBeVisible();
    expect(await memberCount(page)).toBe(before + 1);
    await page.goto('/');
    await expect(page.getByTestId('members-counter')).toContainText((before + 1).toLocaleString('en-US'));
  });

  test('a returning account signs in without adding a member', async ({ page, browser }) => {
    const user = newUser();
    await signInThroughUi(page, user);
    await expect(page).toHaveURL(/\/profile$/);
    const after = await memberCount(page);

    const second = await browser.newContext();
    const again = await second.newPage();
    // Back on /login, as a returning person signs in.
    await signInThroughUi(again, user, '/login', 'login');
    await expect(again).toHaveURL(/\/profile$/);
    expect(await memberCount(again)).toBe(after);
    await second.close();
  });
});
