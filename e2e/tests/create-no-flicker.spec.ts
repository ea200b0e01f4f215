import { expect, newUser, signInThroughUi, test } from '../support/fixtures.js';
import { fixturePath } from '../support/photos.js';

declare global {
  interface Window {
    formInsertionsAfterPhoto?: number;
  }
}

/**
 * Once the upload is done the address gains `?photo=`; step 1's form must not come back, even
 * for one frame, while the page moves on to the progress (issue 25 item 10).
 */
test('the step-1 form never comes back once the address has ?photo=', async ({ page }) => {
  await signInThroughUi(page, newUser());
  await page.goto('/create-design');
  await page.locator('input[type=file]').first().setInputFiles(fixturePath('forest'));
  await expect(page.getByRole('img', { name: 'Your environment photo' })).toBeVisible();
  await page.getByRole('textbox', { name: /description/i }).fill('Oak and pine with leaf litter');
  const stateBox = page.getByRole('combobox', { name: /state/i });
  await stateBox.fill('ariz');
  await expect(page.getByRole('option', { name: /^Arizona\b/ })).toBeVisible();
  await stateBox.press('ArrowDown');
  await stateBox.press('Enter');
  await expect(stateBox).toHaveValue('Arizona');

  // Counts every insertion of a step-1 form (a form labelled by the step heading) made while the
  // address has ?photo=, however briefly it stays.
  await page.evaluate(() => {
    window.formInsertionsAfterPhoto = 0;
    const isStepOne = (node: Node) =>
      node instanceof Element &&
      (node.matches('form[aria-labelledby="step-heading"]') ||
        node.querySelector('form[aria-labelledby="step-heading"]') !== null);
    new MutationObserver((records) => {
      if (!new URLSearchParams(location.search).has('photo')) return;
      for (const record of records)
        record.addedNodes.forEach((node) => {
          if (isStepOne(node)) window.formInsertionsAfterPhoto = (window.formInsertionsAfterPhoto ?? 0) + 1;
        });
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Generate Design' }).click();
  await page.waitForURL(/[?&]photo=/);
  await expect(page.getByText('Both designs generated! Please select your preferred design.')).toBeVisible({
    timeout: 60_000,
  });
  expect(await page.evaluate(() => window.formInsertionsAfterPhoto)).toBe(0);
});
