import { concealmentText } from '@camo/shared/concealment';
import { DEFAULT_REPEAT_CM, shapesText } from '@camo/shared/shapes';
import { makeDesign } from '../support/design-api.js';
import { expect, newUser, signInThroughUi, test } from '../support/fixtures.js';
import { fillStep1 } from '../support/create-form.js';
import { fixturePath } from '../support/photos.js';

/**
 * Predicted hiding where people decide (issue 27): the choose screen says which of A and B hides
 * better and by how much; the design page's viewer switches eye and distance (on a phone too);
 * the gallery's Hardest to spot labels each card predicted or measured.
 */
test('the choose screen compares A and B, and the design page shows the photo as a deer and a person see it @phone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInThroughUi(page, newUser({ name: 'Hide Chooser' }));
  await page.goto('/create-design');
  await fillStep1(page, fixturePath('forest'), 'Oak and pine, leaf litter');
  await page.getByRole('button', { name: 'Generate Design' }).click();
  await expect(page.getByRole('button', { name: 'Select Design B' })).toBeVisible({ timeout: 90_000 });

  // Which hides better from a deer at 25 m, in words and numbers, and a table for every eye.
  await expect(
    page.getByText(
      /^In your photo, (A|B) hides better from a deer at 25 m: \d+ ± \d+ against \d+ ± \d+\.$|^In your photo, A and B hide about as well as each other from a deer at 25 m: \d+ ± \d+ and \d+ ± \d+\. The difference is within what the measure can tell apart, or what another layout of the same pattern could make\.$|^No prediction for a deer at 25 m in this photo\.$/,
    ),
  ).toBeVisible({
    timeout: 30_000,
  });
  const table = page.getByRole('table', { name: concealmentText.compareCaption });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3); // the header, the deer, the person
  await expect(table.getByText(/A (\d+ ± \d+|out of range)/).first()).toBeVisible();

  // Dawn or dusk on the choose screen (decision 034): the same comparison in that light, then back.
  const compare = page.getByTestId('variant-concealment');
  await compare
    .locator('label')
    .filter({ hasText: /^Dawn or dusk$/ })
    .click();
  await expect(compare.getByRole('status')).toHaveText(/^At dawn or dusk: (In your photo|No prediction)/, {
    timeout: 30_000,
  });
  await compare
    .locator('label')
    .filter({ hasText: /^Daylight$/ })
    .click();
  await expect(compare.getByRole('status')).toHaveText(/^(In your photo|No prediction)/);

  await page.getByRole('button', { name: 'Select Design B' }).click();
  await page.getByRole('textbox', { name: /design name/i }).fill(`Leaf Shadow ${Date.now().toString(36)}`);
  // Its printed repeat (decision 035): 75 cm unless chosen; here a smaller one for close cover.
  const repeat = page.getByRole('spinbutton', { name: shapesText.repeatLabel });
  await expect(repeat).toHaveValue(String(DEFAULT_REPEAT_CM));
  await repeat.fill('50');
  await page.getByRole('button', { name: 'Submit Design' }).click();
  await page.waitForURL(/\/gallery\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('export-size')).toHaveText(
    'Printed at its 50 cm repeat: the tile at 52 pixels per inch, the print file at 208.',
  );

  // The viewer: a deer at 25 m first; the image follows the switch and the distance.
  const viewer = page.getByRole('region', { name: concealmentText.viewerTitle });
  await viewer.scrollIntoViewIfNeeded();
  const image = viewer.getByRole('img', { name: concealmentText.viewAlt('deer', 25) });
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 30_000,
    })
    .toBe(true);
  // react-aria keeps the radio input visually hidden: a person taps its label.
  await viewer
    .locator('label')
    .filter({ hasText: /^Person$/ })
    .click();
  await expect(viewer.getByRole('radio', { name: 'Person' })).toBeChecked();
  await expect(viewer.getByRole('img', { name: concealmentText.viewAlt('person', 25) })).toBeVisible();
  await viewer
    .locator('label')
    .filter({ hasText: /^10 m$/ })
    .click();
  await expect(viewer.getByRole('radio', { name: '10 m' })).toBeChecked();
  const near = viewer.getByRole('img', { name: concealmentText.viewAlt('person', 10) });
  await expect(near).toBeVisible();
  await expect
    .poll(() => near.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 30_000,
    })
    .toBe(true);
  await expect(viewer.getByRole('table', { name: concealmentText.scoresCaption('person') })).toBeVisible();
  // A person sees finer detail than any photo here holds (decision 037): the page says so.
  await expect(viewer.getByTestId('limited-by-photo')).toContainText(
    'a person sees finer detail than these figures take in',
  );
  await expect(viewer.getByText(concealmentText.notCalibrated)).toBeVisible();
  await expect(viewer.getByText(concealmentText.outOfScope)).toBeVisible();

  // Its shapes (issue 43 item 5) and dawn or dusk (decision 034): the repeat, how far each eye sees
  // the shapes apart in the light chosen, the figures and the picture in that light; the choice is
  // remembered across a reload.
  const shapes = viewer.getByRole('region', { name: shapesText.title });
  await expect(shapes.getByText(shapesText.repeat(50))).toBeVisible({ timeout: 30_000 });
  await expect(viewer.getByRole('radio', { name: 'Daylight' })).toBeChecked();
  const sentence =
    /^To a (deer|person) (in daylight|at dawn or dusk), the small( and middle)? shapes \(about [\d.]+ cm\) (blend beyond \d+ m|stay apart beyond 200 m|are too alike to stand apart at any distance)/;
  await expect(shapes.getByTestId('shapes-deer')).toHaveText(sentence);
  await expect(shapes.getByTestId('shapes-deer')).toContainText('To a deer in daylight');
  await expect(shapes.getByTestId('shapes-person')).toContainText('To a person in daylight');
  await viewer
    .locator('label')
    .filter({ hasText: /^Dawn or dusk$/ })
    .click();
  await expect(shapes.getByTestId('shapes-deer')).toContainText('To a deer at dawn or dusk');
  await expect(shapes.getByTestId('shapes-person')).toHaveText(sentence);
  const dusk = viewer.getByRole('img', { name: concealmentText.viewAlt('person', 10) });
  await expect(dusk).toHaveAttribute('src', /light=twilight/);
  await expect
    .poll(() => dusk.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 30_000,
    })
    .toBe(true);
  await expect(
    viewer
      .getByRole('table', { name: concealmentText.scoresCaption('person') })
      .getByText(/\d+ ± \d+|out of range/)
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: concealmentText.viewerTitle })
      .getByRole('radio', { name: 'Dawn or dusk' }),
  ).toBeChecked({ timeout: 30_000 });
});

test('Hardest to spot labels predicted designs, and never falls back silently to another order', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInThroughUi(page, newUser({ name: 'Sort Checker' }));
  const name = `Predicted ${Date.now().toString(36)}`;
  const made = { ...(await makeDesign(page, { name, photo: 'desert', state: 'NV' })), name };
  // Predicted and ranked a moment after it is submitted (a job).
  await expect
    .poll(
      async () => {
        const page1 = (await (
          await page.request.get(`/api/gallery?sort=hiding&q=${encodeURIComponent(name)}`)
        ).json()) as {
          designs: { id: string; hiding: unknown }[];
        };
        return page1.designs.find((d) => d.id === made.id)?.hiding ?? null;
      },
      { timeout: 60_000 },
    )
    .not.toBeNull();
  // Searched by its name, so other tests' designs cannot push it off the first page.
  await page.goto(`/gallery?sort=hiding&q=${encodeURIComponent(name)}`);
  await expect(
    page.getByRole('heading', { level: 2, name: concealmentText.groups.predicted, exact: true }),
  ).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: made.name }) });
  await expect(card.getByTestId('card-hiding')).toHaveText(/^Hides \d+ from a deer at 25 m · predicted$/);
});
