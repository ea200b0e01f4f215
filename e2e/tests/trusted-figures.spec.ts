import { concealmentText } from '@camo/shared/concealment';
import type { Page } from '@playwright/test';
import { expect, newUser, signInThroughUi, test } from '../support/fixtures.js';
import { fillStep1 } from '../support/create-form.js';
import { fixturePath } from '../support/photos.js';

/**
 * Hiding figures a hunter can trust (issue 39, decision 028), on designs whose answer is known,
 * drawn by the OpenAI-compatible stand-in (project "ai" and "ai-phone" in playwright.config.ts):
 * one design twice ("[ai:twins]") has no winner; a loud design beside a ground-coloured one
 * ("[ai:loud]") has one. Every figure carries its uncertainty; the design page's do too.
 */
async function generate(page: Page, description: string) {
  await signInThroughUi(page, newUser());
  await page.goto('/create-design');
  await fillStep1(page, fixturePath('forest'), description, 'Oregon');
  await page.getByRole('button', { name: 'Generate Design' }).click();
  await expect(page.getByRole('button', { name: 'Select Design B' })).toBeVisible({ timeout: 90_000 });
}

const figure = String.raw`\d+ ± \d+`;

test('one design twice: both figures with their uncertainty, and no winner named', async ({ page }) => {
  test.setTimeout(180_000);
  await generate(page, 'Spruce and moss [ai:twins]');
  const status = page.getByText(
    new RegExp(
      `^In your photo, A and B hide about as well as each other from a deer at 25 m: (${figure}) and \\1\\. The difference is within what the measure can tell apart, or what another layout of the same pattern could make\\.$`,
    ),
  );
  await expect(status).toBeVisible({ timeout: 60_000 });
  const table = page.getByRole('table', { name: concealmentText.compareCaption });
  await expect(table.getByText(new RegExp(`^A ${figure}$`)).first()).toBeVisible();
  // No cell makes either design bold: no gap is real.
  await expect(table.locator('.font-bold')).toHaveCount(0);
  await expect(page.getByText(concealmentText.uncertaintyNote)).toBeVisible();
});

test('a loud design beside a ground-coloured one: the other is named, with both figures', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await generate(page, 'Spruce and moss [ai:loud]');
  await expect(
    page.getByText(
      new RegExp(`^In your photo, (A|B) hides better from a deer at 25 m: ${figure} against ${figure}\\.$`),
    ),
  ).toBeVisible({ timeout: 60_000 });
  const table = page.getByRole('table', { name: concealmentText.compareCaption });
  await expect(table.locator('.font-bold').first()).toBeVisible();

  // Submitted, the design page shows its figures with their uncertainty too.
  await page.getByRole('button', { name: 'Select Design A' }).click();
  await page.getByRole('textbox', { name: /design name/i }).fill(`Known Answer ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Submit Design' }).click();
  await page.waitForURL(/\/gallery\/[0-9a-f-]{36}$/);
  const viewer = page.getByRole('region', { name: concealmentText.viewerTitle });
  await viewer.scrollIntoViewIfNeeded();
  await expect(viewer.getByText(new RegExp(`^${figure}$`)).first()).toBeVisible({ timeout: 60_000 });
});
