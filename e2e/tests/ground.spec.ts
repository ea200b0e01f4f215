import { concealmentText } from '@camo/shared/concealment';
import { groundText } from '@camo/shared/ground';
import { makeDesign } from '../support/design-api.js';
import { expect, newUser, signInThroughUi, test } from '../support/fixtures.js';
import { fixturePath } from '../support/photos.js';

/**
 * Which designs suit my ground (issue 28): a person uploads a photo of their own ground on the
 * gallery, sees the designs ranked with a predicted score on every card, narrows them by state,
 * opens one and sees it worn in that photo; nobody else can fetch the photo.
 */
test('a ground photo ranks the gallery, respects the state filter, shows a design in the photo, and stays private', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInThroughUi(page, newUser({ name: 'Ground Owner' }));
  const tag = Date.now().toString(36);
  const marsh = `Marsh Ground ${tag}`;
  const desert = `Desert Ground ${tag}`;
  await makeDesign(page, { name: marsh, state: 'VT', photo: 'marsh' });
  await makeDesign(page, { name: desert, state: 'NM', photo: 'desert' });

  await page.goto('/gallery');
  const finder = page.getByRole('region', { name: groundText.title });
  await expect(finder.getByText(groundText.intro)).toBeVisible();
  await page.locator('html[data-hydrated]').waitFor();
  // Deer at 25 m (the pages' one default, chosen anyway; a segment is a radio's label: tap it).
  await finder
    .locator('label')
    .filter({ hasText: /^Deer$/ })
    .click();
  await finder
    .locator('label')
    .filter({ hasText: /^25 m$/ })
    .click();
  await finder.locator('input[type=file]').setInputFiles(fixturePath('marsh'));

  await page.waitForURL(/[?&]ground=[0-9a-f-]{36}/);
  const url = new URL(page.url());
  const photoId = url.searchParams.get('ground')!;
  expect(url.searchParams.get('observer')).toBe('deer');
  expect(url.searchParams.get('distance')).toBe('25');
  await expect(page.getByTestId('ranked-for')).toHaveText(groundText.rankedFor('deer', 25));
  await expect(page.getByRole('link', { name: groundText.howLink })).toHaveAttribute(
    'href',
    '/hunt/insights#agreement-title',
  );
  const results = page.getByRole('region', { name: 'Designs', exact: true });
  const scores = results.getByTestId('card-ground-score');
  await expect(scores.first()).toBeVisible({ timeout: 30_000 });
  await expect(scores.first()).toHaveText(/^(\d{1,3}|out of range)/);
  await expect(results.getByRole('link', { name: new RegExp(desert) })).toBeVisible({ timeout: 30_000 });

  // The state filter: only Vermont's designs stay, ranked; New Mexico's is gone.
  await page.getByRole('combobox', { name: 'State' }).selectOption('VT');
  await expect(page).toHaveURL(/[?&]state=VT/);
  await expect(page).toHaveURL(new RegExp(`[?&]ground=${photoId}`));
  const marshCard = results.getByRole('link', { name: new RegExp(marsh) });
  await expect(marshCard).toBeVisible({ timeout: 30_000 });
  await expect(results.getByRole('link', { name: new RegExp(desert) })).toHaveCount(0);
  const cards = results.getByRole('listitem');
  for (const card of await cards.all()) await expect(card).toContainText('Vermont');

  // A card opens the design worn in the photo, at the ranking's eye.
  await expect(marshCard).toHaveAttribute(
    'href',
    new RegExp(`\\?ground=${photoId}&observer=deer&distance=25$`),
  );
  await marshCard.click();
  await page.waitForURL(/\/gallery\/[0-9a-f-]{36}\?ground=/);
  const inPhoto = page.getByRole('region', { name: groundText.inYourPhoto });
  await inPhoto.scrollIntoViewIfNeeded();
  await expect(inPhoto.getByRole('radio', { name: 'Deer' })).toBeChecked();
  const image = inPhoto.getByRole('img', {
    name: /^Your ground photo with a crouching hunter wearing the design at 25 m, as a deer sees it/,
  });
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 60_000,
    })
    .toBe(true);
  // Every eye and distance in the photo: under load this takes a while.
  await expect(inPhoto.getByRole('table', { name: concealmentText.scoresCaption('deer') })).toBeVisible({
    timeout: 60_000,
  });

  // The photo is its owner's: another signed-in person gets a 404 for it and its ranking.
  const own = await page.request.get(`/api/ground-photos/${photoId}/image`);
  expect(own.status()).toBe(200);
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await signInThroughUi(stranger, newUser({ name: 'Ground Stranger' }));
  expect((await stranger.request.get(`/api/ground-photos/${photoId}/image`)).status()).toBe(404);
  expect((await stranger.request.get(`/api/ground-photos/${photoId}/ranking`)).status()).toBe(404);
  await other.close();
});

test('on a phone, a ground photo ranks the gallery without the page growing sideways @phone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInThroughUi(page, newUser({ name: 'Ground Phone' }));
  await makeDesign(page, { state: 'WY', photo: 'grassland' });
  await page.goto('/gallery');
  await page.locator('html[data-hydrated]').waitFor();
  const finder = page.getByRole('region', { name: groundText.title });
  await finder.locator('input[type=file]').setInputFiles(fixturePath('grassland'));
  await page.waitForURL(/[?&]ground=[0-9a-f-]{36}&observer=deer&distance=25/);
  await expect(
    page.getByRole('region', { name: 'Designs', exact: true }).getByTestId('card-ground-score').first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('ground-thumbnail')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // At dawn or dusk (decision 034): the same ranking in that light, said, and remembered.
  const summary = page.getByRole('region', { name: groundText.title });
  await summary
    .locator('label')
    .filter({ hasText: /^Dawn or dusk$/ })
    .click();
  await expect(page.getByTestId('ranked-for')).toHaveText(groundText.rankedFor('deer', 25, 'twilight'));
  await expect(
    page.getByRole('region', { name: 'Designs', exact: true }).getByTestId('card-ground-score').first(),
  ).toHaveText(/^(\d{1,3}|out of range)/, { timeout: 30_000 });
  expect(await page.evaluate(() => localStorage.getItem('hiding-light'))).toBe('twilight');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
