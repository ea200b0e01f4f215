import type { Browser, Page } from '@playwright/test';
import { makeDesign } from '../support/design-api.js';
import { expect, newUser, signInThroughUi, test, type TestUser } from '../support/fixtures.js';

/**
 * Pages arrive rendered (decision 007): the HTML already holds the page and the data it shows, and
 * the browser hydrates it without a console error. A hydration mismatch, a style attribute the CSP
 * refuses or a failed request is a console error, so each page here is a check on all three.
 */
async function signedIn(browser: Browser, user: TestUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughUi(page, user);
  return { context, page };
}

/** Opens `path`, waits until the app has hydrated and settled, and returns the console's errors. */
async function consoleErrorsOn(page: Page, path: string): Promise<string[]> {
  const errors: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') errors.push(message.text());
  };
  const onPageError = (error: Error) => errors.push(error.message);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  await page.goto(path, { waitUntil: 'networkidle' });
  // main.tsx ran (it is what answers a click); give late effects a moment.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForTimeout(300);
  page.off('console', onConsole);
  page.off('pageerror', onPageError);
  return errors;
}

/** The page's HTML as the server sent it, before any script ran. */
async function serverHtml(page: Page, path: string): Promise<string> {
  const reply = await page.request.get(path);
  expect(reply.ok()).toBe(true);
  return reply.text();
}

test('public pages arrive rendered and hydrate without a console error', async ({ page }) => {
  const html = await serverHtml(page, '/');
  expect(html).toContain('members indoctrinated');
  expect(html).toMatch(/<script type="application\/json" id="server-state">\{/);

  expect(await serverHtml(page, '/contest')).toContain('contest-countdown');
  for (const path of ['/', '/login', '/signup', '/terms', '/privacy', '/contest']) {
    expect(await consoleErrorsOn(page, path), path).toEqual([]);
  }
  // An unknown page is the app's not-found page, answered 404 (the app's own route match); the
  // browser notes the document's status itself, and nothing else may be logged.
  expect((await page.request.get('/no-such-page')).status()).toBe(404);
  expect((await page.request.get('/gallery/not/a/page')).status()).toBe(404);
  expect((await page.request.get('/terms')).status()).toBe(200);
  expect(
    (await consoleErrorsOn(page, '/no-such-page')).filter(
      (text) => !/^Failed to load resource: the server responded with a status of 404/.test(text),
    ),
  ).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Hydrated, not redrawn: the page answers clicks.
  await page.goto('/');
  await page.getByRole('link', { name: 'Browse the Gallery' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('signed-in pages arrive rendered with their data, and only for the signed in', async ({ browser }) => {
  test.setTimeout(150_000);
  const ownerUser = newUser({ name: `Server Render ${Date.now().toString(36)}` });
  const owner = await signedIn(browser, ownerUser);
  const viewer = await signedIn(browser, newUser({ name: 'Render Viewer' }));
  const name = `Prerendered Pine ${Date.now().toString(36)}`;
  const design = await makeDesign(owner.page, { name, state: 'OR' });
  await viewer.page.goto(`/gallery/${design.id}`);
  await viewer.page.getByPlaceholder('Leave a comment...').fill('Rendered <b>before</b> </script> scripts');
  await viewer.page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(viewer.page.getByText('Rendered <b>before</b> </script> scripts')).toBeVisible();

  // The design page's HTML holds the design and its comment, the comment as text.
  const html = await serverHtml(viewer.page, `/gallery/${design.id}`);
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="server-state"'));
  expect(root).toContain(name);
  expect(root).toContain('Rendered &lt;b&gt;before&lt;/b&gt; &lt;/script&gt; scripts');
  // The data block cannot be closed early by what people type.
  const state = html.slice(html.indexOf('id="server-state">'));
  expect(state.slice(0, state.indexOf('</script>'))).not.toContain('<');

  // The gallery's HTML holds the first page of designs for the URL's filters.
  expect(await serverHtml(viewer.page, '/gallery?sort=recent&state=OR')).toContain(name);

  for (const path of [
    '/gallery',
    '/gallery?sort=recent&state=OR',
    `/gallery/${design.id}`,
    '/design',
    '/profile',
    '/create-design',
    '/contest',
  ]) {
    expect(await consoleErrorsOn(viewer.page, path), path).toEqual([]);
  }
  for (const path of [`/gallery/${design.id}`, '/gallery']) {
    expect(await consoleErrorsOn(owner.page, path), `owner ${path}`).toEqual([]);
  }
  await expect(owner.page.getByRole('link', { name: new RegExp(name) })).toBeVisible();

  // A visitor gets no signed-in page from the server (only its link preview names the design), and
  // is sent to log in as before.
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  const visitorHtml = await serverHtml(anonymous, `/gallery/${design.id}`);
  expect(visitorHtml).toContain('<div id="root"></div>');
  expect(visitorHtml).not.toContain('id="server-state"');
  await anonymous.goto(`/gallery/${design.id}`);
  await expect(anonymous).toHaveURL(/\/login\?redirect=/);
  await Promise.all([owner.context.close(), viewer.context.close(), visitor.close()]);
});

test('the API docs load with no console error (their own content security policy)', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/api/docs', { waitUntil: 'networkidle' });
  await expect(page.getByText(/API/).first()).toBeVisible();
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});
