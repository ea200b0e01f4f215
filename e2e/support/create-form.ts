import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/**
 * Step 1 of /create-design as a person fills it: the photo (waiting for its preview, which moves
 * what is below it), the description, then the state and, if given, the county from their lists.
 */
export async function fillStep1(
  page: Page,
  photo: string,
  description: string,
  state = 'Arizona',
  county?: string,
) {
  await page.locator('input[type=file]').first().setInputFiles(photo);
  // The preview arrives as the photo is read and moves what is below it: wait for it, as a person
  // would, before picking from a list (react-aria closes an open list when the page moves).
  await expect(page.getByRole('img', { name: 'Your environment photo' })).toBeVisible();
  await page.getByRole('textbox', { name: /description/i }).fill(description);
  // By keyboard, as the county below: the list may open above the field and move as it does, and
  // react-aria closes an open list when the page moves, which can swallow a click (seen in CI).
  const stateBox = page.getByRole('combobox', { name: /state/i });
  await stateBox.fill(state.slice(0, 4).toLowerCase());
  await expect(page.getByRole('option', { name: new RegExp(`^${state}\\b`) })).toBeVisible();
  // A page that moved after the list opened (a late preview or photo check) closes it, and the
  // keys then reopen it instead of choosing: as a person would, press them again until it is chosen.
  await expect(async () => {
    await stateBox.press('ArrowDown');
    await stateBox.press('Enter');
    await expect(stateBox).toHaveValue(state, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  if (county) {
    // By keyboard: react-aria closes an open list when the page scrolls, which a click low on a
    // phone screen can cause.
    const countyBox = page.getByRole('combobox', { name: /county/i });
    await countyBox.click();
    await countyBox.pressSequentially(county.slice(0, 4), { delay: 30 });
    await expect(page.getByRole('option', { name: new RegExp(`^${county}\\b`) })).toBeVisible();
    await countyBox.press('ArrowDown');
    await countyBox.press('Enter');
    await expect(countyBox).toHaveValue(county);
  }
}
