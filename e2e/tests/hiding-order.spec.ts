import { concealmentText } from '@camo/shared/concealment';
import type { Page } from '@playwright/test';
import { makeDesign } from '../support/design-api.js';
import { expect, newUser, signInThroughUi, test } from '../support/fixtures.js';

/**
 * "Hardest to spot" said plainly (issue 39): each card's figure names its eye and distance, the
 * list says which eye it is ordered for, and choosing another eye reorders it as the server ranks
 * designs for that eye; the choice is remembered for the design page.
 */
type Page1 = { designs: { id: string; name: string; hiding: unknown }[]; measuring?: number };

async function galleryOrder(page: Page, q: string, observer: string, distance: number): Promise<Page1> {
  const reply = await page.request.get(
    `/api/gallery?${new URLSearchParams({ sort: 'hiding', q, observer, distance: String(distance) }).toString()}`,
  );
  return (await reply.json()) as Page1;
}

const cardNames = (page: Page) =>
  page.getByRole('region', { name: 'Designs' }).getByRole('listitem').getByRole('heading').allTextContents();

test('Hardest to spot names the eye, follows the one chosen, and the design page remembers it @phone', async ({
  page,
}) => {
  test.setTimeout(540_000);
  await signInThroughUi(page, newUser({ name: 'Eye Chooser' }));
  const tag = `Eyeorder ${Date.now().toString(36)}`;
  const photos = ['forest', 'desert', 'marsh'];
  const made = [];
  for (const [i, photo] of photos.entries())
    made.push(await makeDesign(page, { name: `${tag} ${photo} ${i}`, photo, state: 'NV' }));

  // Predicted a moment after submission (a job): until then, the API counts them as measuring.
  await expect
    .poll(async () => (await galleryOrder(page, tag, 'deer', 25)).measuring, { timeout: 300_000 })
    .toBe(0);

  await page.goto(`/gallery?sort=hiding&q=${encodeURIComponent(tag)}`);
  await page.locator('html[data-hydrated]').waitFor();
  await expect(page.getByTestId('hiding-order')).toHaveText(concealmentText.orderedFor('deer', 25));
  await expect(page.getByTestId('measuring-notice')).toHaveCount(0);
  const figures = page.getByTestId('card-hiding');
  await expect(figures).toHaveCount(3);
  for (const text of await figures.allTextContents())
    expect(text).toMatch(/^Hides \d+ from a deer at 25 m · predicted$|^No figure for a deer at 25 m/);
  const deerOrder = (await galleryOrder(page, tag, 'deer', 25)).designs.map((d) => d.name);
  expect(await cardNames(page)).toEqual(deerOrder);

  // Another eye: the page asks for its order and shows it, each figure saying so.
  // react-aria keeps the radio input visually hidden: a person taps its label.
  const choice = page.getByRole('group', { name: concealmentText.orderEyeLabel });
  await choice
    .locator('label')
    .filter({ hasText: /^Person$/ })
    .click();
  await choice
    .locator('label')
    .filter({ hasText: /^10 m$/ })
    .click();
  await expect(page).toHaveURL(/observer=person&distance=10/);
  await expect(page.getByTestId('hiding-order')).toHaveText(concealmentText.orderedFor('person', 10));
  for (const text of await figures.allTextContents()) expect(text).toContain('a person at 10 m');
  const personOrder = (await galleryOrder(page, tag, 'person', 10)).designs.map((d) => d.name);
  await expect.poll(() => cardNames(page)).toEqual(personOrder);

  // The design page opens on the same eye.
  await page.goto(`/gallery/${made[0]!.id}`);
  const viewer = page.getByRole('region', { name: concealmentText.viewerTitle });
  await viewer.scrollIntoViewIfNeeded();
  await expect(viewer.getByRole('radio', { name: 'Person' })).toBeChecked();
  await expect(viewer.getByRole('radio', { name: '10 m' })).toBeChecked();
});
