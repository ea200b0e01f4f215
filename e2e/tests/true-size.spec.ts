import { makeDesign } from '../support/design-api.js';
import { expect, expectNoSeriousA11yViolations, newUser, signInOnce, test } from '../support/fixtures.js';

/**
 * A design at its printed size on this screen (issue 45 item 3), on a desktop and on a phone: shown
 * when asked, calibrated with a card, remembered across a reload, and as wide as the scale says.
 */
const designer = newUser({ name: 'True Size Tester' });

test('the design page shows a design at true size once the screen is calibrated with a card @phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInOnce(page, designer);
  const design = await makeDesign(page, { name: 'Ruler Ridge', state: 'WY', photo: 'grassland' });
  await page.goto(`/gallery/${design.id}`);
  const section = page.getByTestId('true-size');
  await expect(page.getByTestId('true-size-swatch')).toHaveCount(0);
  await section.getByRole('button', { name: 'Show at true size' }).click();
  await expect(section.getByTestId('scale-status')).toHaveText(/^Not calibrated/);
  const swatch = section.getByRole('img', {
    name: 'Ruler Ridge at true size: the pattern repeats every 75 cm',
  });
  await expect(swatch).toBeVisible();

  // Calibrate: 5 screen pixels a millimetre, as if the card matched the outline there.
  await section.getByRole('button', { name: 'Calibrate with a card' }).click();
  await section.getByLabel('Outline size').fill('500');
  const outline = await section.getByTestId('card-outline').boundingBox();
  expect(outline!.width).toBeCloseTo(53.98 * 5, 0);
  expect(outline!.height).toBeCloseTo(85.6 * 5, 0);
  await section.getByRole('button', { name: 'Save calibration' }).click();
  await expect(section.getByTestId('scale-status')).toHaveText(
    'Calibrated for this screen: 50.0 screen pixels a centimetre.',
  );
  await expectNoSeriousA11yViolations(page);

  // Remembered on this screen: after a reload the pattern repeats every 75 cm x 50 px.
  await page.reload();
  await page.getByTestId('true-size').getByRole('button', { name: 'Show at true size' }).click();
  await expect(page.getByTestId('scale-status')).toHaveText(/^Calibrated for this screen/);
  await expect(page.getByTestId('true-size-swatch')).toHaveCSS('background-size', '3750px 3750px');
  // The ruler's centimetres are 50 px apart on the screen.
  const ticks = page.getByTestId('cm-ruler').locator('line');
  const [zero, ten] = await Promise.all([ticks.nth(0).boundingBox(), ticks.nth(10).boundingBox()]);
  expect(ten!.x - zero!.x).toBeCloseTo(500, 0);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
  await page.getByTestId('true-size').screenshot({ path: test.info().outputPath('true-size.png') });
});
