import { expect, newUser, signInThroughUi, test } from '../support/fixtures.js';
import { fillStep1 } from '../support/create-form.js';
import { fixturePath } from '../support/photos.js';

/**
 * Runs against the server whose designs come from the OpenAI-compatible stand-in (project "ai"
 * in playwright.config.ts). When the service fails or refuses, the built-in engine draws the
 * designs: the person sees both designs and no error, and each analysis says why.
 */
for (const [marker, why] of [
  ['[ai:refuse]', 'refused the request'],
  ['[ai:fail]', 'failed (HTTP 500)'],
  // An account out of credit: said as such (not "too busy"), and not retried.
  ['[ai:quota]', 'account has no credit left (insufficient_quota)'],
] as const) {
  test(`a service that answers ${marker}: the engine's designs, no error`, async ({ page }) => {
    test.setTimeout(120_000);
    await signInThroughUi(page, newUser());
    await page.goto('/create-design');
    await fillStep1(page, fixturePath('forest'), `Spruce and moss ${marker}`, 'Oregon');
    await page.getByRole('button', { name: 'Generate Design' }).click();
    await expect(page.getByRole('button', { name: 'Select Design A' })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole('button', { name: 'Select Design B' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(/Drawn by the built-in engine/).first()).toBeVisible();
    await expect(page.getByText(new RegExp(why.replace(/[()]/g, '\\$&'))).first()).toBeVisible();
  });
}

test('the service draws both designs when it answers', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughUi(page, newUser());
  await page.goto('/create-design');
  await fillStep1(page, fixturePath('forest'), 'Spruce and moss', 'Oregon');
  await page.getByRole('button', { name: 'Generate Design' }).click();
  await expect(page.getByRole('button', { name: 'Select Design A' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/drawn by the AI image service/).first()).toBeVisible();
});
