import { randomUUID } from 'node:crypto';
import { mkdir, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { uploadMessages } from '@camo/shared/generation';
import { groundText } from '@camo/shared/ground';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { fixturePath } from '../support/photos.js';
import { expect, newUser, signInThroughUi, test } from '../support/fixtures.js';

const notAPhoto = {
  name: 'holiday.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.from('These are holiday notes, saved with a .jpg name by mistake.\n'),
};

/** A generation started through the API with `photo`, as the create form sends it. */
const postGeneration = (page: Page, photo: { name: string; mimeType: string; buffer: Buffer }) =>
  page.request.post('/api/generations', {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      description: 'Oak and pine woods',
      state: 'AZ',
      county: '',
      designToggles: '{}',
      idempotencyKey: randomUUID(),
      photo,
    },
  });

/** A new person on the create form, hydrated: its photo input. */
async function createFormPhotoInput(page: Page) {
  await signInThroughUi(page, newUser());
  await page.goto('/create-design');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return page.locator('input[type=file]').first();
}

test('a file named .jpg that is not a picture is refused when chosen, and by the server', async ({
  page,
}) => {
  const input = await createFormPhotoInput(page);

  // The browser decodes the file: its name and declared type are a JPEG's, its bytes are not.
  await input.setInputFiles(notAPhoto);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please select a valid image file.' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your environment photo' })).toHaveCount(0);
  await expect(page.getByText('Click to upload a photo')).toBeVisible();

  // The server, which never trusts the browser, refuses the same bytes.
  const upload = await postGeneration(page, notAPhoto);
  expect(upload.status()).toBe(400);
  expect(await upload.text()).toContain('Please select a valid image file.');

  // A real photo is taken, and the message goes.
  await input.setInputFiles(fixturePath('forest'));
  await expect(page.getByRole('img', { name: 'Your environment photo' })).toBeVisible();
  await expect(page.getByText('Please select a valid image file.')).toHaveCount(0);
});

/** A real picture, `width` x `height`, as a PNG. */
const pngOf = async (width: number, height: number, name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width, height, channels: 3, background: '#556b2f' } })
    .png()
    .toBuffer(),
});

test('a photo too small or too large is refused the moment it is chosen, in the create flow and in "my ground" @phone', async ({
  page,
}, testInfo) => {
  const input = await createFormPhotoInput(page);

  // 40 x 30 px: nothing could be made from it.
  await input.setInputFiles(await pngOf(40, 30, 'thumbnail.png'));
  await expect(page.getByRole('alert').filter({ hasText: uploadMessages.tooSmall })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your environment photo' })).toHaveCount(0);

  // Over the server's 25 MB, said in the server's words before any form is filled. The file is
  // handed to the browser by its path (a sparse file on disk): 26 MB sent over the protocol took
  // most of a minute on a busy machine.
  const big = testInfo.outputPath('huge.png');
  await mkdir(path.dirname(big), { recursive: true });
  await writeFile(big, '');
  await truncate(big, 26 * 1024 * 1024);
  await input.setInputFiles(big);
  await expect(page.getByRole('alert').filter({ hasText: uploadMessages.tooLarge })).toBeVisible();

  // The server, which never trusts the browser, says the same of the small one.
  const upload = await postGeneration(page, await pngOf(40, 30, 'thumbnail.png'));
  expect(upload.status()).toBe(400);
  expect(((await upload.json()) as { message: string }).message).toBe(uploadMessages.tooSmall);

  // A real photo is taken, and the message goes.
  await input.setInputFiles(fixturePath('forest'));
  await expect(page.getByRole('img', { name: 'Your environment photo' })).toBeVisible();
  await expect(page.getByText(uploadMessages.tooLarge)).toHaveCount(0);

  // "My ground" checks the same, before anything is sent.
  await page.goto('/gallery');
  await page.locator('html[data-hydrated]').waitFor();
  const finder = page.getByRole('region', { name: groundText.title });
  await finder.locator('input[type=file]').setInputFiles(await pngOf(300, 120, 'strip.png'));
  await expect(finder.getByRole('alert').filter({ hasText: uploadMessages.tooSmall })).toBeVisible();
  expect(page.url()).not.toMatch(/[?&]ground=/);
});
