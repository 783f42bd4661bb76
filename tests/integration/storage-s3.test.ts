import { afterAll, describe } from 'vitest';
import { S3Storage } from '../../src/server/storage/s3-storage';
import { storageContract } from '../support/storage-contract';

/**
 * S3Storage against a real S3-compatible server, when one is given: S3_TEST_ENDPOINT (path-style),
 * S3_TEST_BUCKET (existing), S3_TEST_ACCESS_KEY_ID, S3_TEST_SECRET_ACCESS_KEY. `npm test` starts
 * none (Debian ships no S3-compatible server), so this suite is skipped there and says so.
 */
const endpoint = process.env.S3_TEST_ENDPOINT;

describe.skipIf(!endpoint)('S3Storage on a real S3-compatible server (S3_TEST_ENDPOINT)', () => {
  const storage = new S3Storage({
    bucket: process.env.S3_TEST_BUCKET ?? 'acs-test',
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID ?? 'S3RVER', secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY ?? 'S3RVER' },
  });
  afterAll(() => storage.close());
  storageContract('S3Storage', () => storage);
});
