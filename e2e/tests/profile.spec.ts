import { expect, newUser, signInThroughUi, test } from '../support/fixtures.js';
import type { Page } from '@playwright/test';

async function editField(page: Page, label: string, value: string, submit: 'Enter' | 'Save' = 'Enter') {
  await page.getByRole('button', { name: `Edit ${label}` }).click();
  const input = page.getByRole('textbox', { name: label });
  await input.fill(value);
  if (submit === 'Enter') await input.press('Enter');
  else await page.getByRole('button', { name: 'Save' }).click();
  return input;
}

test.describe('profile', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughUi(page, newUser({ name: 'Profile Tester' }));
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('shows the welcome, designs grid and read-only account facts', async ({ page }) => {
    const me = (await (await page.request.get('/api/me')).json()) as { id: string; email: string };
    await expect(page.getByRole('link', { name: 'Profile Tester' })).toHaveAttribute(
      'href',
      `/gallery/user/${me.id}`,
    );
    await expect(page.getByRole('heading', { name: 'Your Designs' })).toBeVisible();
    await expect(page.locator('a[href="/design"]').first()).toBeVisible();
    await expect(page.getByText(me.email)).toBeVisible();
  });

  test('valid edits save, show formatted values and the success messages', async ({ page }) => {
    await editField(page, 'Display name', '  Ridge   Runner ');
    await expect(page.getByText('Display name updated successfully!')).toBeVisible();
    await expect(page.getByText('Ridge Runner', { exact: true }).first()).toBeVisible();

    await editField(page, 'Phone number', '6025550143', 'Save');
    await expect(page.getByText('Phone number updated successfully!')).toBeVisible();
    await expect(page.getByText('(602) 555-0143')).toBeVisible();

    await editField(page, 'Zip code', '850011234');
    await expect(page.getByText('Zip code updated successfully!')).toBeVisible();
    await expect(page.getByText('85001-1234')).toBeVisible();

    await page.reload();
    await expect(page.getByText('(602) 555-0143')).toBeVisible();
    await expect(page.getByText('85001-1234')).toBeVisible();
  });

  test('an 11-digit number starting with 1 shows as +1', async ({ page }) => {
    await editField(page, 'Phone number', '16025550143');
    await expect(page.getByText('+1 (602) 555-0143')).toBeVisible();
  });

  for (const [label, value, message] of [
    ['Display name', 'x', 'Display name must be at least 2 characters long.'],
    ['Phone number', '555-0143', 'Phone number must have at least 10 digits.'],
    ['Phone number', '1234567890123456', 'Phone number is too long.'],
    ['Zip code', '850', 'Zip code must have at least 5 digits.'],
    ['Zip code', '12345678901', 'Zip code is too long.'],
  ] as const) {
    test(`refuses ${label} "${value}" with its message and keeps the text`, async ({ page }) => {
      const input = await editField(page, label, value);
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(input).toHaveValue(value);
    });
  }

  test('a typo in a saved zip code is refused with its message and the saved zip stays @phone', async ({
    page,
  }) => {
    await editField(page, 'Zip code', '85001');
    await expect(page.getByText('Zip code updated successfully!')).toBeVisible();
    const input = await editField(page, 'Zip code', 'abcde');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Zip code must have at least 5 digits.' }),
    ).toBeVisible();
    await expect(input).toHaveValue('abcde');
    await input.press('Escape');
    await expect(page.getByText('85001', { exact: true })).toBeVisible();
    const me = (await (await page.request.get('/api/me')).json()) as { zipCode: string };
    expect(me.zipCode).toBe('85001');
  });

  test('Escape cancels an edit without saving', async ({ page }) => {
    await page.getByRole('button', { name: 'Edit Zip code' }).click();
    const input = page.getByRole('textbox', { name: 'Zip code' });
    await input.fill('99999');
    await input.press('Escape');
    await expect(input).toBeHidden();
    await expect(page.getByText('99999')).toHaveCount(0);
    const me = (await (await page.request.get('/api/me')).json()) as { zipCode: string };
    expect(me.zipCode).toBe('');
  });

  test('only one field is edited at a time', async ({ page }) => {
    await page.getByRole('button', { name: 'Edit Zip code' }).click();
    await page.getByRole('button', { name: 'Edit Phone number' }).click();
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Zip code' })).toBeHidden();
  });

  test('the promotions switch saves and reports, and reverts when the save fails', async ({ page }) => {
    const toggle = page.getByRole('switch', { name: 'Promotional communications' });
    await expect(toggle).not.toBeChecked();
    await toggle.click({ force: true });
    await expect(page.getByText('Promotional communications enabled!')).toBeVisible();
    await expect(toggle).toBeChecked();
    await page.reload();
    await expect(toggle).toBeChecked();

    await toggle.click({ force: true });
    await expect(page.getByText('Promotional communications disabled.')).toBeVisible();
    await expect(toggle).not.toBeChecked();

    // The server fails: the message appears and the switch goes back.
    await page.route('**/api/me', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":"internal","message":"x"}',
          })
        : route.continue(),
    );
    await toggle.click({ force: true });
    await expect(page.getByText('Failed to update promotional settings.')).toBeVisible();
    await expect(toggle).not.toBeChecked();
  });
});
