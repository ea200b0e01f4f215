import { expect, newUser, signInThroughUi, test } from '../support/fixtures.js';

test.use({ viewport: { width: 360, height: 740 } });

test('the gallery search says what it searches in full on a 360 px screen', async ({ page }) => {
  await signInThroughUi(page, newUser());
  await page.goto('/gallery');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const search = page.getByRole('searchbox', { name: 'Search designs' });
  await expect(search).toHaveAttribute('placeholder', /designer/);
  // The placeholder's width in the field's own font against the room inside the field.
  const { text, room } = await search.evaluate(async (input: HTMLInputElement) => {
    await document.fonts.ready;
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    return {
      text: context.measureText(input.placeholder).width,
      room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
  expect(text).toBeLessThanOrEqual(room);
  // And the page itself fits: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
