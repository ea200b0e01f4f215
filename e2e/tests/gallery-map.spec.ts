import { makeDesign } from '../support/design-api.js';
import {
  expect,
  expectNoSeriousA11yViolations,
  newUser,
  signInThroughUi,
  test,
} from '../support/fixtures.js';

test('clicking a state on the map filters the gallery, shows in the URL and the filter, and survives a reload', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInThroughUi(page, newUser({ name: 'Map Maker' }));
  const tag = Date.now().toString(36);
  const montanaDesign = `Big Sky ${tag}`;
  const maineDesign = `Pine Tree ${tag}`;
  await makeDesign(page, { state: 'MT', name: montanaDesign });
  await makeDesign(page, { state: 'ME', name: maineDesign });

  await page.goto('/gallery?sort=recent');
  const map = page.getByRole('toolbar', { name: 'Designs by state' });
  const montana = map.getByRole('button', { name: /^Montana: [1-9]\d* designs?$/ });
  const maine = map.getByRole('button', { name: /^Maine: [1-9]\d* designs?$/ });
  await expect(montana).toBeVisible();
  await expect(maine).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(maineDesign) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await montana.click();
  await expect(page).toHaveURL(/[?&]state=MT\b/);
  await expect(montana).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('MT');
  await expect(page.getByRole('link', { name: new RegExp(montanaDesign) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(maineDesign) })).toHaveCount(0);
  const designs = page.getByRole('region', { name: 'Designs' }).getByRole('listitem');
  for (const card of await designs.all()) await expect(card).toContainText('Montana');

  await page.reload();
  await expect(page).toHaveURL(/[?&]state=MT\b/);
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('MT');
  await expect(montana).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: new RegExp(montanaDesign) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(maineDesign) })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('gallery-filterRegion'))).toBe('MT');

  // The selected state clicked again clears the filter.
  await montana.click();
  await expect(page).not.toHaveURL(/[?&]state=/);
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('');
  await expect(page.getByRole('link', { name: new RegExp(maineDesign) })).toBeVisible();
});

test('on a phone the map folds behind a button and still filters @phone', async ({ page }) => {
  // Phone width in the desktop project too: the fold is for narrow screens only.
  await page.setViewportSize({ width: 412, height: 915 });
  await signInThroughUi(page, newUser());
  await page.goto('/gallery');
  const map = page.getByRole('toolbar', { name: 'Designs by state' });
  await expect(map).toBeHidden();
  await page.getByRole('button', { name: /show map/i }).click();
  await expect(map).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await map.getByRole('button', { name: /^Texas\b/ }).click();
  await expect(page).toHaveURL(/[?&]state=TX\b/);
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('TX');
});
