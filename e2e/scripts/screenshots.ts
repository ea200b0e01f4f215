// Takes the README and docs screenshots from a running server (default http://localhost:3000):
//   npm start   (in another terminal)
//   npm run screenshots -w e2e
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, devices, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chromiumArgs, chromiumExecutable } from '../support/chromium.js';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const out = path.resolve(import.meta.dirname, '../../docs/screenshots');
mkdirSync(out, { recursive: true });

const widths = {
  phone: { ...devices['Pixel 7'] },
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
};

/** Palette PNGs keep the committed images small without visible loss on these flat designs. */
async function shoot(page: Page, file: string, fullPage = false): Promise<void> {
  const png = await page.screenshot({ fullPage });
  await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9 }).toFile(path.join(out, file));
  console.log(`wrote docs/screenshots/${file}`);
}

async function signIn(page: Page, name: string, email: string): Promise<void> {
  // /signup with its terms box ticked: it signs an existing account in and makes a new one.
  await page.goto(`${base}/signup`);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  await page.waitForURL(/\/dev-oidc\/interaction\//);
  const existing = page.getByRole('button', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  if ((await existing.count()) > 0) await existing.first().click();
  else {
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Create and sign in' }).click();
  }
  await page.waitForURL(/\/profile/);
}

/** Step 1 filled in, then Design A and Design B side by side, from a fixture photo. */
async function createDesign(page: Page, name: string): Promise<void> {
  await page.goto(`${base}/create-design`);
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles(path.resolve(import.meta.dirname, '../../packages/camo-engine/fixtures/forest.jpg'));
  await page
    .getByRole('textbox', { name: /description/i })
    .fill('Spruce and pine woods with moss and a dirt trail');
  await page.getByRole('combobox', { name: /state/i }).fill('mont');
  await page.getByRole('option', { name: /^Montana\b/ }).click();
  const county = page.getByRole('combobox', { name: /county/i });
  await county.click();
  await county.pressSequentially('Flat');
  await county.press('ArrowDown');
  await county.press('Enter');
  await shoot(page, `create-step1-${name}.png`);
  await page.getByRole('button', { name: 'Generate Design' }).click();
  await page.getByRole('button', { name: 'Select Design A' }).waitFor({ timeout: 60_000 });
  await page.getByText('Both designs generated!').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await shoot(page, `create-choose-${name}.png`);
}

const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
for (const [name, options] of Object.entries(widths)) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  for (const route of ['/', '/login', '/signup']) {
    await page.goto(`${base}${route}`);
    await page.waitForLoadState('networkidle');
    const file = `${route === '/' ? 'home' : route.slice(1)}-${name}.png`;
    await shoot(page, file);
  }
  await signIn(page, 'Mesa Walker', 'mesa.walker@example.com');
  await page.waitForLoadState('networkidle');
  await shoot(page, `profile-${name}.png`, true);
  await createDesign(page, name);
  await page.goto(`${base}/design`);
  await page.waitForLoadState('networkidle');
  await shoot(page, `design-studio-${name}.png`);
  await context.close();
}
await browser.close();
