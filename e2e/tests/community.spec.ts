import type { Page } from '@playwright/test';
import { expect, newUser, signInThroughUi, test } from '../support/fixtures.js';
import { fillStep1 } from '../support/create-form.js';
import { fixturePath } from '../support/photos.js';

/**
 * Two people in two browsers: one submits a design, the other finds it in the gallery, votes
 * once and comments; the designer sees 'Your Design' and may delete the comment.
 */
async function submitDesign(page: Page, name: string): Promise<string> {
  await page.goto('/create-design');
  await fillStep1(page, fixturePath('desert'), 'Creosote flats and caliche', 'Nevada');
  await page.getByRole('button', { name: 'Generate Design' }).click();
  await page.getByRole('button', { name: 'Select Design B' }).click({ timeout: 60_000 });
  await page.getByRole('textbox', { name: /design name/i }).fill(name);
  await page.getByRole('button', { name: 'Submit Design' }).click();
  await page.waitForURL(/\/gallery\/[0-9a-f-]{36}$/);
  return page.url();
}

test('one person submits, another finds it in the gallery, votes once and comments', async ({ browser }) => {
  test.setTimeout(120_000);
  const designer = await browser.newContext();
  const visitor = await browser.newContext();
  const a = await designer.newPage();
  const b = await visitor.newPage();
  await signInThroughUi(a, newUser({ name: 'Desert Designer' }));
  await signInThroughUi(b, newUser({ name: 'Gallery Visitor' }));

  const name = `Caliche ${Date.now().toString(36)}`;
  const url = await submitDesign(a, name);
  await expect(a.getByRole('button', { name: 'Your Design' })).toBeDisabled();

  await b.goto('/gallery');
  await b.getByRole('searchbox', { name: 'Search designs' }).fill(name);
  await b.getByRole('searchbox', { name: 'Search designs' }).press('Enter');
  await expect(b).toHaveURL(/q=/);
  await b
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click();
  await expect(b).toHaveURL(url);

  await b.getByRole('button', { name: 'Vote' }).click();
  await expect(b.getByRole('button', { name: 'Voted' })).toBeDisabled();
  await b.reload();
  await expect(b.getByRole('button', { name: 'Voted' })).toBeDisabled();

  await b.getByPlaceholder('Leave a comment...').fill('<b>Blends</b> right in');
  await b.getByRole('button', { name: 'Post Comment' }).click();
  await expect(b.getByText('<b>Blends</b> right in')).toBeVisible();

  // The designer sees the vote and the comment as text, and may delete it.
  await a.reload();
  await expect(a.getByText('<b>Blends</b> right in')).toBeVisible();
  a.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this comment?');
    void dialog.accept();
  });
  await a.getByRole('button', { name: /Delete comment by Gallery Visitor/ }).click();
  await expect(a.getByText('<b>Blends</b> right in')).toHaveCount(0);
  const designId = url.split('/').pop()!;
  const design = (await (await a.request.get(`/api/designs/${designId}`)).json()) as { voteCount: number };
  expect(design.voteCount).toBe(1);

  await designer.close();
  await visitor.close();
});
