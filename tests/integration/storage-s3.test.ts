import { afterAll, describe } from 'vitest';
import { S3Storage } from '../../src/server/storage/s3-storage';
import { storageContract } from '../support/storage-contract';
import { testS3Options } from '../support/test-s3';

/**
 * S3Storage against a real S3-compatible server: the one `npm test` starts (s3rver) or the one
 * S3_ENDPOINT names (scripts/lib/test-s3.ts). Never skipped: without one the suite fails.
 */
describe('S3Storage on a real S3-compatible server', () => {
  const storage = new S3Storage(testS3Options());
  afterAll(() => storage.close());
  storageContract('S3Storage', () => storage);
});
