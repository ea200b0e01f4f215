import { randomUUID } from 'node:crypto';
import { fixturePath } from '../support/photos.js';
import { expect, newUser, signInThroughUi, test } from '../support/fixtures.js';

const notAPhoto = {
  name: 'holiday.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.from('These are holiday notes, saved with a .jpg name by mistake.\n'),
};

test('a file named .jpg that is not a picture is refused when chosen, and by the server', async ({
  page,
}) => {
  await signInThroughUi(page, newUser());
  await page.goto('/create-design');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const input = page.locator('input[type=file]').first();

  // The browser decodes the file: its name and declared type are a JPEG's, its bytes are not.
  await input.setInputFiles(notAPhoto);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please select a valid image file.' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your environment photo' })).toHaveCount(0);
  await expect(page.getByText('Click to upload a photo')).toBeVisible();

  // The server, which never trusts the browser, refuses the same bytes.
  const origin = new URL(page.url()).origin;
  const upload = await page.request.post('/api/generations', {
    headers: { origin },
    multipart: {
      description: 'Oak and pine woods',
      state: 'AZ',
      county: '',
      designToggles: '{}',
      idempotencyKey: randomUUID(),
      photo: notAPhoto,
    },
  });
  expect(upload.status()).toBe(400);
  expect(await upload.text()).toContain('Please select a valid image file.');

  // A real photo is taken, and the message goes.
  await input.setInputFiles(fixturePath('forest'));
  await expect(page.getByRole('img', { name: 'Your environment photo' })).toBeVisible();
  await expect(page.getByText('Please select a valid image file.')).toHaveCount(0);
});
