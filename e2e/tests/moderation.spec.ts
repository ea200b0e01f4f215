import { moderationMessages } from '@camo/shared/moderation';
import type { Browser, Page } from '@playwright/test';
import { makeDesign } from '../support/design-api.js';
import {
  expect,
  expectNoSeriousA11yViolations,
  newUser,
  signInOnce,
  signInThroughUi,
  test,
} from '../support/fixtures.js';

/** The e2e server's ADMIN_EMAILS (playwright.config.ts). */
const moderatorAccount = { name: 'Site Moderator', email: 'moderator@example.com' };

async function signedInPage(browser: Browser, user = newUser()): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughUi(page, user);
  return page;
}

/** The moderator signs in through the UI once per run; later tests reuse the saved browser state. */
async function moderatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInOnce(page, moderatorAccount);
  return page;
}

test('a report reaches the moderators, who hide the design; reporter and designer are told', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const designer = await signedInPage(browser, newUser({ name: 'Reported Designer' }));
  const name = `Loud ${Date.now().toString(36)}`;
  const design = await makeDesign(designer, { name });

  const reporter = await signedInPage(browser, newUser({ name: 'Careful Reporter' }));
  await reporter.goto(`/gallery/${design.id}`);
  await reporter.getByRole('button', { name: 'Report this design' }).click();
  const dialog = reporter.getByRole('dialog', { name: 'Report this design' });
  await expect(dialog).toBeVisible();
  // "Something else" asks for words before anything is sent.
  await dialog.getByLabel('Something else').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(moderationMessages.reportDetailsRequired);
  await dialog.getByLabel('Offensive or inappropriate').check();
  await dialog.getByLabel(/Details/).fill('A rude word is drawn into the pattern.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(reporter.getByText(moderationMessages.reportSent)).toBeVisible();
  await expect(reporter.getByRole('button', { name: 'Reported this design' })).toBeDisabled();

  // A member cannot moderate.
  await reporter.goto('/admin');
  await expect(reporter.getByRole('alert')).toHaveText(moderationMessages.adminOnly);

  const moderator = await moderatorPage(browser);
  await moderator.getByRole('link', { name: 'Moderate' }).first().click();
  await expect(moderator).toHaveURL(/\/admin$/);
  const item = moderator.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('A rude word is drawn into the pattern.');
  await expectNoSeriousA11yViolations(moderator);
  await item.getByRole('button', { name: 'Hide design' }).click();
  await expect(item.getByRole('alert')).toHaveText(moderationMessages.reasonRequired);
  await item.getByLabel(/Reason for/).fill('Offensive text in the pattern');
  await item.getByRole('button', { name: 'Hide design' }).click();
  await expect(moderator.getByText('Design hidden.')).toBeVisible();
  await expect(moderator.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  await expect(
    moderator.getByRole('listitem').filter({ hasText: 'Offensive text in the pattern' }).first(),
  ).toContainText('Hid a design');

  // The reporter sees the outcome on their profile, and the design is gone for them.
  await reporter.goto('/profile');
  const outcome = reporter.getByRole('region', { name: 'Your Reports' }).getByRole('listitem').first();
  await expect(outcome).toContainText(name);
  await expect(outcome).toContainText('A moderator reviewed it and hid the content');
  await reporter.goto(`/gallery/${design.id}`);
  await expect(reporter.getByRole('alert')).toHaveText('Design not found.');

  // Its designer still sees it, with the reason.
  await designer.goto(`/gallery/${design.id}`);
  await expect(designer.getByText(moderationMessages.designHiddenNotice)).toBeVisible();
  await expect(designer.getByText('Reason: Offensive text in the pattern')).toBeVisible();
});

test('a blocked person is told, and their vote and comment are refused', async ({ browser }) => {
  test.setTimeout(120_000);
  const designer = await signedInPage(browser);
  const design = await makeDesign(designer);
  const blocked = await signedInPage(browser, newUser({ name: 'Spammy Visitor' }));
  const blockedId = ((await (await blocked.request.get('/api/me')).json()) as { id: string }).id;

  const moderator = await moderatorPage(browser);
  const origin = new URL(moderator.url()).origin;
  const reply = await moderator.request.post(`/api/admin/users/${blockedId}/block`, {
    headers: { origin },
    data: { reason: 'Posting advertisements' },
  });
  expect(reply.status()).toBe(204);

  await blocked.goto(`/gallery/${design.id}`);
  await expect(blocked.getByText(moderationMessages.blocked).first()).toBeVisible();
  await blocked.getByRole('button', { name: 'Vote' }).click();
  await expect(blocked.getByRole('alert').filter({ hasText: moderationMessages.blocked })).toBeVisible();
  await expect(blocked.getByText('0 votes', { exact: true })).toBeVisible();
  await blocked.getByPlaceholder('Leave a comment...').fill('Buy cheap camo at example.com');
  await blocked.getByRole('button', { name: 'Post Comment' }).click();
  await expect(blocked.getByText('No comments yet.')).toBeVisible();

  // The moderator sees them among the blocked, and lifts the block.
  await moderator.goto('/admin');
  const row = moderator
    .getByRole('listitem')
    .filter({ hasText: 'Posting advertisements' })
    .filter({
      has: moderator.getByRole('button', { name: 'Unblock Spammy Visitor' }),
    });
  await row.getByLabel(/Reason for/).fill('Promised to stop');
  await row.getByRole('button', { name: 'Unblock Spammy Visitor' }).click();
  await expect(moderator.getByText('Spammy Visitor is unblocked.')).toBeVisible();
  await blocked.reload();
  await blocked.getByRole('button', { name: 'Vote' }).click();
  await expect(blocked.getByRole('button', { name: 'Voted' })).toBeDisabled();
});

test("a hidden design's images stop loading for an anonymous page at once, and load again once restored", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const designer = await signedInPage(browser, newUser({ name: 'Hidden Designer' }));
  const design = await makeDesign(designer, { name: `Quiet ${Date.now().toString(36)}` });
  const shown = (await (await designer.request.get(`/api/designs/${design.id}`)).json()) as Record<
    'imageUrl' | 'thumbnailUrl' | 'displayUrl' | 'environmentPhotoUrl',
    string | null
  >;
  const urls = [shown.imageUrl, shown.thumbnailUrl, shown.displayUrl, shown.environmentPhotoUrl].filter(
    (url): url is string => url !== null,
  );
  expect(urls.length).toBeGreaterThanOrEqual(3);

  // Whether a page's <img> of the URL loads (a fresh page each time, as a visitor's next visit).
  const visitor = await (await browser.newContext()).newPage();
  const loadsIn = async (page: Page): Promise<boolean[]> => {
    await page.goto('/gallery');
    return page.evaluate(
      (sources) =>
        Promise.all(
          sources.map(
            (src) =>
              new Promise<boolean>((resolve) => {
                const img = new Image();
                img.onload = () => resolve(img.naturalWidth > 0);
                img.onerror = () => resolve(false);
                img.src = src;
              }),
          ),
        ),
      urls,
    );
  };
  expect(await loadsIn(visitor)).toEqual(urls.map(() => true));

  const moderator = await moderatorPage(browser);
  const origin = new URL(moderator.url()).origin;
  const act = (action: 'hide' | 'restore') =>
    moderator.request.post(`/api/admin/designs/${design.id}/${action}`, {
      headers: { origin },
      data: { reason: 'Checking that hidden means hidden' },
    });
  expect((await act('hide')).status()).toBe(204);

  // The visitor's browser saw them a moment ago; it asks again and is refused.
  expect(await loadsIn(visitor)).toEqual(urls.map(() => false));
  for (const url of urls) expect((await visitor.request.get(url)).status()).toBe(404);
  // Its designer still sees their design, and so its images.
  expect(await loadsIn(designer)).toEqual(urls.map(() => true));

  expect((await act('restore')).status()).toBe(204);
  expect(await loadsIn(visitor)).toEqual(urls.map(() => true));
});
