import { randomUUID } from 'node:crypto';
import { generationMessages, type Design, type Generation } from '@camo/shared/generation.schema';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Client } from './support/dev-sign-in.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import {
  asPng,
  asWebp,
  forestJpeg,
  phonePortraitWithGps,
  pixelFloodPng,
  truncatedJpeg,
} from './support/photos.js';
import { backends, startTestServer, type TestServer } from './support/test-server.js';

describe.each(backends)('create a design through the API (%s)', (backend) => {
  let server: TestServer;
  let alice: Client;
  let bob: Client;

  beforeAll(async () => {
    server = await startTestServer(backend, { FAULT_INJECTION: 'true', GENERATION_DAILY_QUOTA: '12' });
    alice = await signIn(server.origin, { name: 'Alice Archer', email: 'alice@example.com' });
    bob = await signIn(server.origin, { name: 'Bob Bowman', email: 'bob@example.com' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = <T>(client: Client, path: string, body: unknown) =>
    client.json<T>(path, { method: 'POST', body: JSON.stringify(body) });

  let generation: Generation;

  it('generates A and B from a phone photo, and keeps no EXIF (GPS above all) anywhere', async () => {
    const phone = await phonePortraitWithGps();
    // The test photo really carries what must go: an orientation and a GPS position.
    const original = await sharp(phone).metadata();
    expect(original.orientation).toBe(6);
    expect(exifReader(original.exif!).GPSInfo?.GPSLatitudeRef).toBe('N');
    const started = await upload(alice, phone, {
      description: 'Pine woods with leaf litter',
      state: 'az',
      county: 'Coconino',
    });
    expect(started.status).toBe(202);
    generation = await waitForGeneration(alice, started.body.photoId!);
    expect(generation.status).toBe('completed');
    expect(generation.outcome).toBe('both');
    expect(generation.outcomeMessage).toBe(generationMessages.bothGenerated);
    expect(generation.state).toBe('AZ');
    const design = generation.design!;
    expect(design).toMatchObject({ status: 'pending_selection', selectedVariant: null, hasEdits: false });
    expect(design.markdownAnalysisA).toContain('Design A');
    expect(design.markdownAnalysisA).not.toMatch(/https?:\/\//);
    expect(design.openaiResponseIdA).toBeTruthy();
    expect(design.designAUrl).toMatch(/^\/files\/ai_gen\/\d{4}\/\d{2}\/camo_design_[\w-]+_a\.png$/);

    // Every stored and served image: no EXIF, orientation applied (portrait), and the expected type.
    const served = [
      generation.photoUrl,
      design.environmentPhotoUrl,
      design.designAUrl,
      design.designBUrl,
      design.designAThumbnailUrl,
    ];
    for (const url of served) {
      const response = await alice.fetch(url!);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from('TestPhone'))).toBe(false);
    }
    const env = await sharp(
      Buffer.from(await (await alice.fetch(generation.photoUrl!)).arrayBuffer()),
    ).metadata();
    expect(env.height).toBeGreaterThan(env.width);
    const stored = await server.storage.getBytes(
      `environment_photos/${generation.createdAt.slice(0, 4)}/${generation.createdAt.slice(5, 7)}/${(await alice.json<{ id: string }>('/api/me')).body.id}_${generation.photoId}_env.png`,
    );
    const storedMeta = await sharp(Buffer.from(stored)).metadata();
    expect(storedMeta.format).toBe('png');
    expect(storedMeta.exif).toBeUndefined();
  });

  it('keeps the design to its owner: another user cannot read, select, edit, submit or export it', async () => {
    const id = generation.design!.id;
    expect((await bob.json(`/api/generations/${generation.photoId}`)).status).toBe(404);
    expect((await bob.json(`/api/designs/${id}`)).status).toBe(404);
    expect((await post(bob, `/api/designs/${id}/select`, { variant: 'A' })).status).toBe(404);
    expect((await post(bob, `/api/designs/${id}/edit`, { editPrompt: 'darker' })).status).toBe(404);
    expect((await post(bob, `/api/designs/${id}/submit`, { name: 'Mine now' })).status).toBe(404);
    expect((await bob.fetch(`/api/designs/${id}/export?size=1024`)).status).toBe(404);
    const mine = await alice.json<Design>(`/api/designs/${id}`);
    expect(mine.body.selectedVariant).toBeNull();
  });

  it('refuses editing and submitting before a selection, with the specification’s messages', async () => {
    const id = generation.design!.id;
    const edit = await post<{ message: string }>(alice, `/api/designs/${id}/edit`, { editPrompt: 'darker' });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(generationMessages.editNeedsSelection);
    const submit = await post<{ message: string }>(alice, `/api/designs/${id}/submit`, { name: 'Too soon' });
    expect(submit.status).toBe(400);
    expect(submit.body.message).toBe(generationMessages.submitNeedsSelection);
    const empty = await post<{ message: string }>(alice, `/api/designs/${id}/edit`, { editPrompt: '   ' });
    expect(empty.body.message).toBe(generationMessages.editRequired);
    const long = await post<{ message: string }>(alice, `/api/designs/${id}/edit`, {
      editPrompt: 'darker '.repeat(29),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(generationMessages.editTooLong);
    expect(generationMessages.editTooLong).toBe('Edit request must be 200 characters or less.');
  });

  it('selects, edits once, refuses a second edit and an edit it does not understand, and submits', async () => {
    const id = generation.design!.id;
    const selected = await post<Design>(alice, `/api/designs/${id}/select`, { variant: 'B' });
    expect(selected.status).toBe(200);
    expect(selected.body.selectedVariant).toBe('B');
    expect(selected.body).toMatchObject({ shownImageUrl: selected.body.designBUrl, showsEdit: false });

    const unknown = await post<{ message: string }>(alice, `/api/designs/${id}/edit`, {
      editPrompt: 'qwzx vbnm plok',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({
      error: 'edit_not_understood',
      message: "I couldn't find a change I can make in that request.",
      suggestions: [],
    });
    // Suggestions come as codes, each sharing a word with the request; the edit is not used up.
    const related = await post<{ suggestions: string[] }>(alice, `/api/designs/${id}/edit`, {
      editPrompt: 'make it look like tiger fur',
    });
    expect(related.status).toBe(422);
    expect(related.body.suggestions).toEqual(['stripes']);

    const edited = await post<Design>(alice, `/api/designs/${id}/edit`, { editPrompt: 'make it darker' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ hasEdits: true, editPrompt: 'make it darker' });
    expect(edited.body.editedImageUrl).toMatch(/camo_design_[\w-]+_b_edited\.png$/);

    const again = await post<{ message: string }>(alice, `/api/designs/${id}/edit`, {
      editPrompt: 'lighter',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(generationMessages.alreadyEdited);
    const reselect = await post(alice, `/api/designs/${id}/select`, { variant: 'A' });
    expect(reselect.status).toBe(409);

    const noName = await post<{ message: string }>(alice, `/api/designs/${id}/submit`, { name: ' ' });
    expect(noName.body.message).toBe(generationMessages.nameRequired);
    // The page's fields stop at 50 and 200 characters; a client that sends more hears why.
    const longName = await post<{ message: string }>(alice, `/api/designs/${id}/submit`, {
      name: 'R'.repeat(51),
    });
    expect(longName.status).toBe(400);
    expect(longName.body.message).toBe(generationMessages.nameTooLong);
    expect(generationMessages.nameTooLong).toBe('Design name must be 50 characters or less.');
    const forged = await post(alice, `/api/designs/${id}/submit`, { name: 'Ridge', voteCount: 99 });
    expect(forged.status).toBe(400);

    // No choice sent: with an edit, submit picks the edited version (spec §4).
    const submitted = await post<Design>(alice, `/api/designs/${id}/submit`, { name: 'Pine Ridge' });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({
      status: 'submitted',
      finalDesignChoice: 'edited',
      name: 'Pine Ridge',
    });
    expect(submitted.body.imageUrl).toBe(edited.body.editedImageUrl);
    // The page shows a WebP of the chosen image at its full size, made at submission.
    expect(submitted.body.displayUrl).toMatch(/camo_design_[\w-]+_b_edited_display\.webp$/);
    // The server says which image the design shows; the browser shows it as sent.
    expect(submitted.body).toMatchObject({ shownImageUrl: submitted.body.displayUrl, showsEdit: true });
    const display = await bob.fetch(submitted.body.displayUrl!);
    expect(display.headers.get('content-type')).toBe('image/webp');
    const displayBytes = Buffer.from(await display.arrayBuffer());
    const displayMeta = await sharp(displayBytes).metadata();
    expect(displayMeta.format).toBe('webp');
    expect([800, 1024]).toContain(displayMeta.width);
    // Smaller than the PNG it stands for.
    const png = await bob.fetch(submitted.body.imageUrl!);
    expect(displayBytes.length).toBeLessThan(Buffer.from(await png.arrayBuffer()).length);
    expect((await post(alice, `/api/designs/${id}/submit`, { name: 'Twice' })).status).toBe(409);

    // The designer's cards show the chosen (edited) image through working URLs.
    const aliceId = (await alice.json<{ id: string }>('/api/me')).body.id;
    const cards = await bob.json<{ designs: { id: string; imageUrl: string; thumbnailUrl: string }[] }>(
      `/api/users/${aliceId}/designs`,
    );
    const card = cards.body.designs.find((d) => d.id === id)!;
    expect(card.imageUrl).toBe(edited.body.editedImageUrl);
    expect(card.thumbnailUrl).toMatch(/^\/files\/.*_edited_thumb\.webp$/);
    expect((await bob.fetch(card.thumbnailUrl)).status).toBe(200);

    // Submitted designs are public to signed-in people; the print files stay the owner's.
    expect((await bob.json<Design>(`/api/designs/${id}`)).body.name).toBe('Pine Ridge');
    const tile = await alice.fetch(`/api/designs/${id}/export?size=1024`);
    expect(tile.status).toBe(200);
    expect((await sharp(Buffer.from(await tile.arrayBuffer())).metadata()).width).toBe(1024);
  });

  it('exports a 4096 px print file rendered once from the recipe', async () => {
    const id = generation.design!.id;
    const first = await alice.fetch(`/api/designs/${id}/export?size=4096`);
    expect(first.status).toBe(200);
    const bytes = Buffer.from(await first.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([4096, 4096]);
    const second = Buffer.from(
      await (await alice.fetch(`/api/designs/${id}/export?size=4096`)).arrayBuffer(),
    );
    expect(second.equals(bytes)).toBe(true);
    expect((await alice.fetch(`/api/designs/${id}/export?size=2000`)).status).toBe(400);
  });

  it.each([
    ['a PNG', async () => asPng(forestJpeg()), 'image/png'],
    ['a WebP', async () => asWebp(forestJpeg()), 'image/webp'],
  ])('accepts %s', async (_label, make, type) => {
    const started = await upload(alice, await make(), {}, type);
    expect(started.status).toBe(202);
    expect((await waitForGeneration(alice, started.body.photoId!)).status).toBe('completed');
  });

  it.each([
    ['a pixel-flood PNG', pixelFloodPng, /too many pixels/],
    ['a truncated JPEG', async () => truncatedJpeg(), /damaged or incomplete/],
    [
      'a text file declared as image/jpeg',
      async () => Buffer.from('hello, this is not a photo'),
      /Please select a valid image file\./,
    ],
    [
      'an SVG',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      /JPEG, PNG or WebP|valid image/,
    ],
    ['an empty file', async () => Buffer.alloc(0), /valid image/],
  ])('refuses %s with a clear 4xx message', async (_label, make, message) => {
    const response = await upload(alice, await make());
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.message).toMatch(message);
  });

  it('refuses missing or bad fields with the specification’s message', async () => {
    const noDescription = await upload(alice, forestJpeg(), { description: '  ' });
    expect(noDescription.status).toBe(400);
    expect(noDescription.body.message).toBe(generationMessages.missingInputs);
    const badState = await upload(alice, forestJpeg(), { state: 'ZZ' });
    expect(badState.body.message).toBe(generationMessages.unknownState);
    const badCounty = await upload(alice, forestJpeg(), { state: 'AZ', county: 'Cook' });
    expect(badCounty.body.message).toBe(generationMessages.unknownCounty);
    const tooLong = await upload(alice, forestJpeg(), { description: 'x'.repeat(501) });
    expect(tooLong.body.message).toBe(generationMessages.descriptionTooLong);
  });

  it('makes one job for concurrent requests with one idempotency key', async () => {
    const key = randomUUID();
    const photo = forestJpeg();
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => upload(bob, photo, { idempotencyKey: key })),
    );
    const ids = new Set(replies.map((r) => r.body.photoId));
    expect(ids.size).toBe(1);
    expect(replies.filter((r) => r.status === 202)).toHaveLength(1);
    const done = await waitForGeneration(bob, [...ids][0]!);
    expect(done.status).toBe('completed');
    const list = await bob.json<{ generations: { photoId: string }[] }>('/api/generations');
    expect(list.body.generations.filter((g) => g.photoId === done.photoId)).toHaveLength(1);
  });

  it('retries a single failed design on its own, and reports one design when the retry fails too', async () => {
    const retried = await waitForGeneration(
      alice,
      (await upload(alice, forestJpeg(), { description: 'woods [fail-b-once]' })).body.photoId!,
    );
    expect(retried.outcome).toBe('both');
    const one = await waitForGeneration(
      alice,
      (await upload(alice, forestJpeg(), { description: 'woods [fail-a]' })).body.photoId!,
    );
    expect(one).toMatchObject({
      status: 'completed',
      outcome: 'one',
      outcomeMessage: generationMessages.oneGenerated,
    });
    expect(one.design).toMatchObject({ designAUrl: null, selectedVariant: 'B' });
  });

  it('fails cleanly when both designs fail, and when the record cannot be saved keeps the designs', async () => {
    const failed = await waitForGeneration(
      alice,
      (await upload(alice, forestJpeg(), { description: 'woods [fail-both]' })).body.photoId!,
    );
    expect(failed).toMatchObject({
      status: 'failed',
      error: generationMessages.generationFailed,
      design: null,
    });
    const unsaved = await waitForGeneration(
      alice,
      (await upload(alice, forestJpeg(), { description: 'woods [fail-record]' })).body.photoId!,
    );
    expect(unsaved).toMatchObject({
      status: 'completed',
      outcome: 'save_failed',
      outcomeMessage: generationMessages.savedWithIssue,
      design: null,
    });
    expect(unsaved.designAUrl).toBeTruthy();
  });

  it('holds the daily quota', async () => {
    const carol = await signIn(server.origin, { name: 'Carol Quota', email: 'carol@example.com' });
    const photo = forestJpeg();
    const replies = [];
    for (let i = 0; i < 13; i++) replies.push(await upload(carol, photo));
    expect(replies.slice(0, 12).every((r) => r.status === 202)).toBe(true);
    expect(replies[12]!.status).toBe(429);
    expect(replies[12]!.body.message).toMatch(/today's limit of 12 generations/);
  });
});

describe.each(backends)('the site-wide daily quota (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, {
      GENERATION_DAILY_QUOTA: '5',
      GENERATION_SITE_DAILY_QUOTA: '3',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses everyone once the site has made its designs for the day, within their own quota or not', async () => {
    const dana = await signIn(server.origin, { name: 'Dana Site', email: 'dana@example.com' });
    const eli = await signIn(server.origin, { name: 'Eli Site', email: 'eli@example.com' });
    const photo = forestJpeg();
    expect((await upload(dana, photo)).status).toBe(202);
    expect((await upload(dana, photo)).status).toBe(202);
    expect((await upload(eli, photo)).status).toBe(202);
    for (const who of [eli, dana]) {
      const refused = await upload(who, photo);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(
        'The site has made as many designs as it can today. Please try again tomorrow.',
      );
    }
  });
});
