import type { Page } from '@playwright/test';
import { expect, newUser, signInThroughUi, tabTo, test } from '../support/fixtures.js';
import { fillStep1 } from '../support/create-form.js';
import { fixturePath, testPhotos } from '../support/photos.js';

/**
 * The create flow (spec /create-design, §4, §5) against the real server and generator. The
 * server runs with FAULT_INJECTION=true, so markers in a description make that one generation
 * fail in a chosen way (see apps/server/src/generation/fault-injection.ts).
 */
let photos: Awaited<ReturnType<typeof testPhotos>>;
test.beforeAll(async () => {
  photos = await testPhotos();
});

async function generate(page: Page, photo: string, description: string, county?: string) {
  await page.goto('/create-design');
  await fillStep1(page, photo, description, 'Arizona', county);
  await page.getByRole('button', { name: 'Generate Design' }).click();
}

const designsReady = (page: Page) =>
  expect(page.getByText('Both designs generated! Please select your preferred design.')).toBeVisible({
    timeout: 60_000,
  });

test.describe('create a design', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughUi(page, newUser({ name: 'Flow Tester' }));
  });

  test('by keyboard alone: photo, description, state, generate, select, name, submit', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/create-design');
    const picker = page.locator('input[type=file]').first();
    await tabTo(page, picker);
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles(photos.phonePortrait);
    await expect(page.getByRole('img', { name: 'Your environment photo' })).toBeVisible();
    await tabTo(page, page.getByRole('textbox', { name: /description/i }));
    await page.keyboard.type('Juniper and pinyon on red sand');
    const stateBox = page.getByRole('combobox', { name: /state/i });
    await tabTo(page, stateBox);
    await page.keyboard.type('utah');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(stateBox).toHaveValue('Utah');
    await tabTo(page, page.getByRole('button', { name: 'Generate Design' }));
    await page.keyboard.press('Enter');
    await designsReady(page);
    await tabTo(page, page.getByRole('button', { name: 'Select Design B' }));
    await page.keyboard.press('Enter');
    const name = page.getByRole('textbox', { name: /design name/i });
    await tabTo(page, name);
    await page.keyboard.type('Keyboard Juniper');
    await tabTo(page, page.getByRole('button', { name: 'Submit Design' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/gallery\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Keyboard Juniper' })).toBeVisible();
  });

  test('happy path from a phone photo to the gallery page, with an edit and Use Original @phone', async ({
    page,
  }) => {
    // Its own waits (the designs up to 60 s, the edit up to 30 s) add up past the default 60 s.
    test.setTimeout(120_000);
    await generate(page, photos.phonePortrait, 'Ponderosa pine with needle litter and basalt', 'Coconino');
    await designsReady(page);
    // The analyses start folded on phones.
    const analysis = page.locator('details', { hasText: 'Design A analysis' });
    // Its own summary: the analysis folds its technical account in a details of its own.
    if ((await analysis.getAttribute('open')) === null) await analysis.locator(':scope > summary').click();
    await expect(page.getByRole('heading', { name: /Design A: organic/i })).toBeVisible();
    await expect(page.locator('img[src^="http"]')).toHaveCount(0);

    await page.getByRole('button', { name: 'Select Design A' }).click();
    await expect(page.getByText('Coconino, AZ')).toBeVisible();
    await page.getByRole('textbox', { name: /edit your design/i }).fill('make it a bit darker');
    await page.getByRole('button', { name: 'Apply Edit' }).click();
    await expect(page.getByRole('button', { name: 'Use Original' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('textbox', { name: /edit your design/i })).toHaveCount(0);
    // With an edit, the name and Submit wait for a choice.
    await expect(page.getByRole('button', { name: 'Submit Design' })).toBeDisabled();
    await page.getByRole('button', { name: 'Use Original' }).click();
    await page.getByRole('button', { name: 'Generate Random Name' }).click();
    const name = await page.getByRole('textbox', { name: /design name/i }).inputValue();
    expect(name).toMatch(/^\S+ \S+/);
    await page.getByRole('button', { name: 'Submit Design' }).click();
    await page.waitForURL(/\/gallery\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const designId = page.url().split('/').pop()!;
    const design = (await (await page.request.get(`/api/designs/${designId}`)).json()) as Record<
      string,
      unknown
    >;
    expect(design).toMatchObject({
      status: 'submitted',
      finalDesignChoice: 'original',
      hasEdits: true,
      selectedVariant: 'A',
    });
  });

  test('Use Edited submits the edited version; an edit it does not understand says what it can do', async ({
    page,
  }, testInfo) => {
    // Its own waits (the designs up to 60 s, the edits up to 60 s each) add up past the default.
    test.setTimeout(240_000);
    // An edit is a job: on a server whose two job slots hold other tests' generations and
    // predictions (the 12-megapixel one beside it in the "ai" project), it starts when one frees.
    const editWait = 60_000;
    await generate(page, fixturePath('grassland'), 'Tall prairie grass in late summer');
    await designsReady(page);
    await page.getByRole('button', { name: 'Select Design B' }).click();
    await page.getByRole('button', { name: 'Apply Edit' }).click();
    await expect(page.getByText('Please enter your edit request.')).toBeVisible();
    const prompt = page.getByRole('textbox', { name: /edit your design/i });
    await prompt.fill('add a deer silhouette');
    await page.getByRole('button', { name: 'Apply Edit' }).click();
    if (testInfo.project.name === 'ai') {
      // An image service's design is edited by the service, which words its own refusals.
      await expect(page.getByText(/^Failed to edit image: /)).toBeVisible({ timeout: editWait });
    } else {
      // One short sentence, suggestions that share a word with the request, and the vocabulary.
      await expect(page.getByRole('alert')).toHaveText(
        "Failed to edit image: I couldn't find a change I can make in that request.",
        { timeout: editWait },
      );
      await prompt.fill('make it look like tiger fur');
      await page.getByRole('button', { name: 'Apply Edit' }).click();
      // "tiger" is a word of "add stripes"; choosing it fills the box, and the edit is not used up.
      await page.getByRole('button', { name: 'add stripes' }).click({ timeout: editWait });
      await expect(prompt).toHaveValue('add stripes');
      await page.getByText('What can I ask for?').click();
      await expect(page.getByText(/^Shapes: bigger or smaller/)).toBeVisible();
    }
    await prompt.fill('bigger shapes');
    await page.getByRole('button', { name: 'Apply Edit' }).click();
    await page.getByRole('button', { name: 'Use Edited' }).click({ timeout: editWait });
    await page.getByRole('button', { name: 'Submit Design' }).click();
    await expect(page.getByText('Please enter a name for your design.')).toBeVisible();
    await page.getByRole('textbox', { name: /design name/i }).fill('Prairie Ghost');
    await page.getByRole('button', { name: 'Submit Design' }).click();
    await page.waitForURL(/\/gallery\/[0-9a-f-]{36}$/);
    const designId = page.url().split('/').pop()!;
    const design = (await (await page.request.get(`/api/designs/${designId}`)).json()) as Record<
      string,
      string
    >;
    expect(design.finalDesignChoice).toBe('edited');
    expect(design.imageUrl).toBe(design.editedImageUrl);
    await expect(page.locator(`img[src="${design.editedImageUrl}"]`).first()).toBeVisible();
  });

  test('step 1 validation: image types only, the counter, and Generate needs photo, state and description', async ({
    page,
  }) => {
    await page.goto('/create-design');
    const generateButton = page.getByRole('button', { name: 'Generate Design' });
    await expect(generateButton).toBeDisabled();
    await page.locator('input[type=file]').first().setInputFiles(photos.notAnImage);
    await expect(page.getByText('Please select a valid image file.')).toBeVisible();
    await page.getByRole('textbox', { name: /description/i }).fill('Sagebrush flat');
    await expect(page.getByText('14/500 characters')).toBeVisible();
    await page.getByRole('combobox', { name: /state/i }).fill('tx');
    await page.getByRole('option', { name: /^Texas\b/ }).click();
    await expect(generateButton).toBeDisabled();
    await expect(page.getByRole('combobox', { name: /county/i })).toBeEnabled();
    await page.getByRole('combobox', { name: /county/i }).fill('harr');
    await expect(page.getByRole('option', { name: /^Harris\b/ })).toBeVisible();
    await page.getByRole('option', { name: /^Harris\b/ }).click();
    // Choosing another state resets the county.
    await page.getByRole('combobox', { name: /state/i }).fill('ok');
    await page.getByRole('option', { name: /^Oklahoma\b/ }).click();
    await expect(page.getByRole('combobox', { name: /county/i })).toHaveValue('');
    await page.locator('input[type=file]').first().setInputFiles(photos.png);
    await expect(page.getByText('Please select a valid image file.')).toHaveCount(0);
    await expect(generateButton).toBeEnabled();
  });

  test('PNG, WebP and a 12-megapixel JPEG all generate', async ({ page }) => {
    test.setTimeout(180_000);
    for (const photo of [photos.png, photos.webp, photos.twelveMegapixel]) {
      await generate(page, photo, 'Test ground');
      await designsReady(page);
    }
  });

  test('one design failing is retried on its own; one that keeps failing leaves one design', async ({
    page,
  }) => {
    // Two generations, each waited for up to 60 s: past the default 60 s on a busy machine.
    test.setTimeout(150_000);
    await generate(page, fixturePath('forest'), 'woods [fail-b-once]');
    await designsReady(page);
    await generate(page, fixturePath('forest'), 'woods [fail-b]');
    await expect(
      page.getByText('One design generated successfully! Please proceed with your design.'),
    ).toBeVisible({
      timeout: 60_000,
    });
  });

  test('both designs failing shows the failure and Go Back returns to step 1 with the inputs kept', async ({
    page,
  }) => {
    await generate(page, fixturePath('forest'), 'woods [fail-both]');
    await expect(page.getByText('Failed to generate designs. Please try again.')).toBeVisible({
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page.getByText('Failed to generate designs. Please try again.')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /description/i })).toHaveValue('woods [fail-both]');
    await expect(page.getByRole('button', { name: 'Generate Design' })).toBeEnabled();
  });

  test('a reload during generation shows the job where it is, and /design links back to it', async ({
    page,
  }) => {
    await generate(page, fixturePath('snow'), 'snowy spruce [slow]');
    await expect(page.getByText('Be patient - takes up to 5 minutes')).toBeVisible({ timeout: 30_000 });
    // The seven stages of spec §2, in order, while the server works, with the seconds timer.
    const labels = [
      'Uploading Photo',
      'Storing Photo',
      'AI Analysis',
      'Generating Designs',
      'Saving Designs',
      'Creating Record',
      'Finalizing',
    ];
    const texts = await page.getByRole('listitem').allTextContents();
    const positions = labels.map((label) => texts.findIndex((t) => t.includes(label)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await expect(page).toHaveURL(/\?photo=[0-9a-f-]{36}/);
    const url = page.url();
    await page.reload();
    await expect(page.getByText('Generating Designs').first()).toBeVisible();
    await page.goto('/design');
    await page
      .locator(`a[href="${new URL(url).pathname}${new URL(url).search}"]`)
      .first()
      .click();
    await designsReady(page);
    // From the profile too: the draft is marked as such and leads back to the choice.
    await page.goto('/profile');
    await page.getByRole('link', { name: /Draft, not submitted yet/ }).click();
    await expect(page.getByRole('button', { name: 'Select Design A' })).toBeVisible();
  });
});
