import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { freePort } from './test-server.js';

/**
 * An S3-compatible bucket on 127.0.0.1 (s3rver, in a temporary folder), and the settings that
 * point the site's storage at it (`env`, for startTestServer).
 */
export async function startS3Bucket(bucket: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `${bucket}-s3-`));
  const port = await freePort();
  const s3rver = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir });
  await s3rver.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  await new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials }).send(
    new CreateBucketCommand({ Bucket: bucket }),
  );
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    close: async () => {
      await s3rver.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
