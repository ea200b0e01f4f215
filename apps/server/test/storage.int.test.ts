import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, storageKeys, type Storage } from '../src/platform/storage.js';
import { freePort } from './support/test-server.js';

describe('storage keys (spec §7)', () => {
  const at = new Date(Date.UTC(2026, 2, 9));
  it('zero-pads the month and uses server-generated ids', () => {
    expect(storageKeys.environmentPhoto(at, 'u1', 'p1')).toBe('environment_photos/2026/03/u1_p1_env.png');
    expect(storageKeys.generatedDesign(at, 'p1', 'a')).toBe('ai_gen/2026/03/camo_design_p1_a.png');
    expect(storageKeys.editedDesign(at, 'p1', 'b')).toBe('ai_gen/2026/03/camo_design_p1_b_edited.png');
  });
});

async function roundTrip(storage: Storage) {
  const key = storageKeys.generatedDesign(new Date(), 'photo42', 'a');
  const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
  await storage.put(key, bytes, { contentType: 'image/png' });
  expect(await storage.exists(key)).toBe(true);
  expect(new Uint8Array(await storage.getBytes(key))).toEqual(bytes);
  const url = await storage.getUrl(key);
  await storage.delete(key);
  expect(await storage.exists(key)).toBe(false);
  return url;
}

describe('local directory storage', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'camo-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('stores, reads, addresses and deletes a file', async () => {
    const url = await roundTrip(createStorage({ dataDir: dir, s3: undefined }));
    expect(url).toMatch(/^\/files\/ai_gen\/\d{4}\/\d{2}\/camo_design_photo42_a\.png$/);
  });
});

describe('S3-compatible storage (s3rver on 127.0.0.1)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'camo-s3-'));
  let s3rver: S3rver;
  let endpoint: string;
  beforeAll(async () => {
    const port = await freePort();
    s3rver = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir });
    await s3rver.run();
    endpoint = `http://127.0.0.1:${port}`;
    const client = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new CreateBucketCommand({ Bucket: 'camo-test' }));
  });
  afterAll(async () => {
    await s3rver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores, reads, addresses and deletes a file', async () => {
    const storage = createStorage({
      dataDir: dir,
      s3: {
        bucket: 'camo-test',
        endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      },
    });
    const url = await roundTrip(storage);
    expect(url).toContain('camo-test/ai_gen/');
  });
});
