import { COMMENT_MAX } from '@camo/shared/community';
import type { Page } from '@playwright/test';
import { makeDesign } from '../support/design-api.js';
import { expect, newUser, signInOnce, signInThroughUi, test } from '../support/fixtures.js';

/**
 * Issue 12: hostile text typed into every field a person fills (display name, design name,
 * description, story, comment, report) is shown as the text it is on every page that shows it,
 * and runs nothing: no dialog opens, no element it spells out appears, no script error, no CSP
 * violation in the console.
 */
const hostile = {
  name: '<img src=x onerror=alert(1)> Ada',
  // With a homoglyph: the o of Ghost is Cyrillic (U+043E).
  designName: '"><script>alert(2)</script> Gh\u043Est',
  description: '<svg onload=alert(3)> Sage \u202Etxt.exe',
  story: '[click](javascript:alert(5)) <b onmouseover=alert(6)>bold</b>',
  comment: `<iframe src="javascript:alert(4)"></iframe> ${'Ω'.repeat(400)}`,
  report: '<script>alert(7)</script> in the report',
};

/** Everything a page does that would mean the text ran: dialogs, console errors, page errors. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error')
      problems.push(`console: ${message.text()} (${message.location().url} on ${page.url()})`);
  });
  return problems;
}

async function expectInert(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('img[src="x"], iframe, svg[onload], b[onmouseover]')).toHaveCount(0);
  await expect(page.locator('script:not([src]):not([type="application/json"])')).toHaveCount(0);
}

test('hostile text is shown as text on every page and runs nothing', async ({ browser }) => {
  test.setTimeout(180_000);
  const designer = await (await browser.newContext()).newPage();
  const visitor = await (await browser.newContext()).newPage();
  const moderator = await (await browser.newContext()).newPage();
  const problems = [...[designer, visitor, moderator].map(watch)];

  await signInThroughUi(designer, newUser({ name: hostile.name }));
  const me = (await (await designer.request.get('/api/me')).json()) as { id: string; displayName: string };
  // Names keep their words; the profile rules drop the angle brackets (packages/shared/profile.ts).
  expect(me.displayName).toContain('onerror=alert(1)');
  const design = await makeDesign(designer, { name: hostile.designName, description: hostile.description });
  const origin = new URL(designer.url()).origin;
  // Design names, like people's, keep their words and lose the angle brackets.
  const { name: designName } = (await (await designer.request.get(`/api/designs/${design.id}`)).json()) as {
    name: string;
  };
  expect(designName).toContain('alert(2)');
  const story = await designer.request.put(`/api/designs/${design.id}/story`, {
    headers: { origin },
    data: { story: hostile.story },
  });
  expect(story.ok()).toBe(true);

  await signInThroughUi(visitor, newUser({ name: 'Careful Visitor' }));
  await visitor.goto(`/gallery/${design.id}`);
  await visitor.getByPlaceholder('Leave a comment...').fill(hostile.comment);
  await visitor.getByRole('button', { name: 'Post Comment' }).click();
  await expect(visitor.getByText(hostile.comment)).toBeVisible();
  await expectInert(visitor);
  // 10,000 characters stop at the comment limit, with the counter saying so.
  const box = visitor.getByPlaceholder('Leave a comment...');
  await box.fill('x'.repeat(10_000));
  expect((await box.inputValue()).length).toBe(COMMENT_MAX);
  await expect(visitor.getByText(`${COMMENT_MAX}/${COMMENT_MAX}`)).toBeVisible();
  await box.fill('');

  // The designer reports the comment, with hostile words of their own.
  await designer.goto(`/gallery/${design.id}`);
  await designer.getByRole('button', { name: /^Report comment by/ }).click();
  const dialog = designer.getByRole('dialog');
  await dialog.getByLabel('Something else').check();
  await dialog.getByLabel(/Details/).fill(hostile.report);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();

  // The design page, as its designer and as a visitor.
  for (const page of [designer, visitor]) {
    await page.goto(`/gallery/${design.id}`);
    await expect(page.getByRole('heading', { name: designName })).toBeVisible();
    await expect(page.getByRole('link', { name: me.displayName }).first()).toBeVisible();
    await expect(page.getByText(hostile.story)).toBeVisible();
    await expect(page.getByText(hostile.comment)).toBeVisible();
    expect(await page.title()).toContain(designName);
    await expectInert(page);
  }
  await expect(designer.getByText(hostile.description).first()).toBeVisible();

  // The gallery (found by the hostile name), the designer page, the profile.
  await visitor.goto(`/gallery?q=${encodeURIComponent('script')}`);
  await expect(visitor.getByText(designName).first()).toBeVisible();
  await expectInert(visitor);
  await visitor.goto(`/gallery/user/${me.id}`);
  await expect(visitor.getByText(me.displayName).first()).toBeVisible();
  await expectInert(visitor);
  await designer.goto('/profile');
  await expect(designer.getByText(me.displayName).first()).toBeVisible();
  await expectInert(designer);

  // The moderators' queue shows the comment and the report as text.
  await signInOnce(moderator, { name: 'Site Moderator', email: 'moderator@example.com' });
  await moderator.goto('/admin');
  await expect(moderator.getByText(hostile.report, { exact: false }).first()).toBeVisible();
  await expect(moderator.getByText(hostile.comment).first()).toBeVisible();
  await expectInert(moderator);

  expect(problems.flat()).toEqual([]);
});
