import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { breedingMessages } from '@camo/shared/breeding';
import { devices, type Page } from '@playwright/test';
import { makeDesign } from '../support/design-api.js';
import {
  expect,
  expectNoSeriousA11yViolations,
  newUser,
  signInThroughUi,
  test,
} from '../support/fixtures.js';

/**
 * Breeding grounds on a server of their own (playwright.config.ts: three designs a generation
 * and two fresh ones, judged by two players): a ground started from a gallery design's page, two
 * people (one on a phone) play its rounds until its generation turns over, and the ground's page
 * shows both generations and the plot; a bred child's page shows its parents.
 */
const origin = process.env.E2E_BREED_ORIGIN!;
test.use({ baseURL: origin });

const roundImage = /\/api\/hunt\/rounds\/[0-9a-f-]{36}\/image$/;

/** Where the round's target is, as shares of the picture (the server writes it: HUNT_ANSWERS). */
async function answerOf(roundId: string): Promise<{ x: number; y: number }> {
  const answer = JSON.parse(
    await readFile(path.join(process.env.E2E_BREED_DATA_DIR!, 'hunt-answers', `${roundId}.json`), 'utf8'),
  ) as { x: number; y: number; width: number; height: number; pictureWidth: number; pictureHeight: number };
  return {
    x: (answer.x + answer.width / 2) / answer.pictureWidth,
    y: (answer.y + answer.height / 2) / answer.pictureHeight,
  };
}

/** Plays every round the ground has for this player in its generation, finding each target. */
async function playTheGround(page: Page, groundPath: string, rounds: number, touch: boolean) {
  await page.goto(groundPath);
  await page.getByRole('link', { name: 'Play this ground' }).click();
  await expect(page).toHaveURL(/\/hunt\?ground=[0-9a-f-]{36}$/);
  await expect(page.getByText(/Playing breeding ground/)).toBeVisible();
  for (let k = 0; k < rounds; k++) {
    const served = page.waitForResponse((r) => roundImage.test(r.url()));
    await page.getByRole('button', { name: k === 0 ? 'Start a round' : 'Next round' }).click();
    const response = await served;
    const image = page.getByTestId('hunt-image');
    await expect(image).toBeVisible();
    const target = await answerOf(response.url().split('/').at(-2)!);
    await page.waitForTimeout(800); // a person's reaction, at least
    const box = (await image.boundingBox())!;
    const at = { x: box.x + target.x * box.width, y: box.y + target.y * box.height };
    if (touch) await page.touchscreen.tap(at.x, at.y);
    else await page.mouse.click(at.x, at.y);
    await expect(page.getByRole('status')).toContainText(/Found in \d+\.\d s/);
    // The reveal names the bred design and links to its page, not the gallery's.
    await expect(
      page.getByRole('status').getByRole('link', { name: /^Generation 0 · No\. \d$/ }),
    ).toHaveAttribute('href', /^\/breeding\/designs\/[0-9a-f-]{36}$/);
  }
  await page.getByRole('button', { name: 'Next round' }).click();
  await expect(page.getByRole('alert')).toContainText(breedingMessages.noRoundsLeft);
}

test('two players judge a breeding ground until its generation turns over; its page shows both generations and a child’s parents', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const desk = await (await browser.newContext({ baseURL: origin })).newPage();
  const phone = await (await browser.newContext({ ...devices['Pixel 7'], baseURL: origin })).newPage();
  await signInThroughUi(desk, newUser({ name: 'Breed Starter' }));
  await signInThroughUi(phone, newUser({ name: 'Breed Seeker' }));

  // The starter breeds for the photo of a design of theirs in the gallery.
  const design = await makeDesign(desk, { name: 'Breed Source', state: 'OR', photo: 'forest' });
  await desk.goto(`/gallery/${design.id}`);
  const breed = desk.getByRole('region', { name: 'Breed designs for this photo' });
  await breed.getByRole('radio', { name: 'Organic' }).check();
  await breed.getByRole('button', { name: 'Breed designs' }).click();
  await desk.waitForURL(/\/breeding\/[0-9a-f-]{36}$/);
  const groundPath = new URL(desk.url()).pathname;
  await expect(desk.getByTestId('ground-status')).toHaveText('Judging generation 0', { timeout: 90_000 });
  await expect(desk.getByTestId('member-progress')).toHaveText(Array(5).fill('0 of 2 players'));

  // Both play every design of generation 0: the phone by touch, the desk by mouse.
  await playTheGround(phone, groundPath, 5, true);
  await playTheGround(desk, groundPath, 5, false);

  // Judged whole: the job draws generation 1 (the best two kept, a child of theirs, two fresh, and
  // the best fresh design of generation 0 to be judged again).
  await expect
    .poll(
      async () => {
        await desk.goto(groundPath);
        return desk.getByTestId('ground-status').textContent();
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe('Judging generation 1');
  const figures = desk.getByTestId('breeding-figures');
  await expect(figures.getByRole('rowheader')).toHaveText(['0', '1'].map((g) => new RegExp(`\\b${g}\\b`)));
  await expect(desk.getByTestId('breeding-plot')).toBeVisible();
  await expectNoSeriousA11yViolations(desk);
  await expect(desk.getByTestId('member-progress')).toHaveText(Array(6).fill('0 of 2 players'));
  await expect(desk.getByText('Best fresh, again', { exact: true })).toHaveCount(1);

  // The child's lineage, on the phone: its two parents, both of generation 0.
  await phone.goto(groundPath);
  await expect(phone.getByRole('heading', { name: 'Generation 1' })).toBeVisible();
  await phone
    .getByRole('link', { name: /^Generation 1 · No\. 1/ })
    .first()
    .click();
  await phone.waitForURL(/\/breeding\/designs\/[0-9a-f-]{36}$/);
  await expect(phone.getByTestId('parents').first()).toHaveText(
    /^Child of Generation 0 · No\. \d and Generation 0 · No\. \d$/,
  );
  await expect(phone.getByText('Breed Starter').first()).toBeVisible();
  await expectNoSeriousA11yViolations(phone);
  await phone.screenshot({ path: test.info().outputPath('bred-design-phone.png'), fullPage: true });
  await desk.screenshot({ path: test.info().outputPath('ground-desktop.png'), fullPage: true });

  // The seeker takes the child into the gallery under a name: a design of theirs, credited to its tree.
  await phone.getByLabel('Design name').fill('Bred Fir');
  await phone.getByRole('button', { name: 'Add to the gallery' }).click();
  await phone.waitForURL(/\/gallery\/[0-9a-f-]{36}$/);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Bred Fir');
  await expect(phone.getByTestId('bred-credit').getByRole('link', { name: 'its family tree' })).toBeVisible();
  // Nothing wider than the phone's screen.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await phone.evaluate(() => window.innerWidth),
  );
});
