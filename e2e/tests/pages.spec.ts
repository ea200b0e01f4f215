import { makeDesign } from '../support/design-api.js';
import {
  expect,
  expectNoSeriousA11yViolations,
  newUser,
  signInThroughUi,
  test,
} from '../support/fixtures.js';

test.describe('public pages', () => {
  test('home shows all six sections with live data @phone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /WEAR MORE CAMO OR ELSE/i })).toBeVisible();
    await expect(page.getByText(/members indoctrinated/i)).toBeVisible();
    await expect(page.getByRole('heading', { name: /how it works/i })).toBeVisible();
    await expect(page.getByText('1,512').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: /trophy club/i })).toBeVisible();
    for (const pattern of [
      'Sonoran Ghost',
      'Cattail Shadow',
      'Ridge Runner',
      'High Desert Drift',
      'Ozark Timber',
    ]) {
      await expect(page.getByText(pattern)).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /vote now/i })).toHaveAttribute('href', '/design');
    await expect(page.getByRole('link', { name: /start designing/i }).first()).toHaveAttribute(
      'href',
      '/design',
    );
    const shop = page.getByRole('link', { name: /^shop/i }).first();
    await expect(shop).toHaveAttribute('target', '_blank');
  });

  test('the hero counter fades as the page scrolls', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const counter = page.getByTestId('members-counter');
    await expect(counter).toBeVisible();
    const opacityOf = () =>
      counter.evaluate((el) => {
        let node: Element | null = el;
        let opacity = 1;
        while (node) {
          opacity *= Number(getComputedStyle(node).opacity);
          node = node.parentElement;
        }
        return opacity;
      });
    expect(await opacityOf()).toBeGreaterThan(0.95);
    await page.evaluate(() => window.scrollTo(0, 250));
    await expect.poll(opacityOf).toBeLessThan(0.9);
    await page.evaluate(() => window.scrollTo(0, 3000));
    await expect.poll(opacityOf).toBe(0);
  });

  test('terms and privacy cover the required points', async ({ page }) => {
    await page.goto('/terms');
    const terms = page.getByRole('main');
    await expect(terms).toContainText('June 1, 2025');
    await expect(terms).toContainText(/Arizona/);
    await expect(terms).toContainText(/royalty-free/i);
    await expect(terms).toContainText(/perpetual/i);
    await expect(terms).toContainText(/attribution/i);
    await expect(terms).toContainText(/compensation/i);
    await expect(terms).toContainText(/warrant/i);
    await page.goto('/privacy');
    await expect(page.getByRole('main')).toContainText(/security/i);
    await expect(page.getByRole('main')).toContainText('June 1, 2025');
  });

  test('the footer carries the disclaimer and legal links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(/royalty-free/i);
    await expect(footer.getByRole('link', { name: 'Privacy Policy' }).last()).toHaveAttribute(
      'href',
      '/privacy',
    );
    await expect(footer.getByRole('link', { name: 'Terms of Service' }).last()).toHaveAttribute(
      'href',
      '/terms',
    );
  });

  test('the page scrolls to the top on navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 2500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).last().click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('accessibility (axe: no serious or critical violations)', () => {
  for (const path of ['/', '/login', '/signup', '/terms', '/privacy']) {
    test(`public page ${path} @phone`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('signed-in pages', async ({ page }) => {
    await signInThroughUi(page, newUser());
    for (const path of ['/profile', '/design', '/gallery', '/create-design']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page);
    }
  });

  test('a design, its designer, the game, the contest and a missing page', async ({ page }) => {
    test.setTimeout(120_000);
    await signInThroughUi(page, newUser());
    const design = await makeDesign(page);
    const me = (await (await page.request.get('/api/me')).json()) as { id: string };
    for (const path of [
      `/gallery/${design.id}`,
      `/gallery/user/${me.id}`,
      '/hunt',
      '/hunt/insights',
      '/contest',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page);
    }
    // Someone else's design, with the report dialog open.
    const visitor = await (await page.context().browser()!.newContext()).newPage();
    await signInThroughUi(visitor, newUser());
    await visitor.goto(`/gallery/${design.id}`);
    await visitor.getByRole('button', { name: 'Report this design' }).click();
    await expect(visitor.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
    await visitor.keyboard.press('Escape');
    await expect(visitor.getByRole('dialog')).toBeHidden();
    await expect(visitor.getByRole('button', { name: 'Report this design' })).toBeFocused();
  });
});
