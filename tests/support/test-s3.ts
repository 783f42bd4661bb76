import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3StorageOptions } from '../../src/data/storage/s3-storage';

/** The run's S3-compatible server and bucket, which `npm test` always provides (scripts/lib/test-s3.ts). */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through npm test, which starts an S3 server`);
  return value;
}

export function testS3Options(): S3StorageOptions {
  return {
    bucket: required('S3_TEST_BUCKET'),
    region: 'us-east-1',
    endpoint: required('S3_TEST_ENDPOINT'),
    forcePathStyle: true,
    credentials: { accessKeyId: required('S3_TEST_ACCESS_KEY_ID'), secretAccessKey: required('S3_TEST_SECRET_ACCESS_KEY') },
  };
}

/** The same bucket as app settings (src/data/config.ts), for an app or a worker process. */
export function testS3Env(): Record<string, string> {
  const options = testS3Options();
  return {
    S3_BUCKET: options.bucket,
    S3_ENDPOINT: options.endpoint!,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: options.credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: options.credentials!.secretAccessKey,
  };
}

/** Every key in the run's bucket under `prefix`, read with the SDK directly (not through our storage). */
export async function bucketKeys(prefix: string): Promise<string[]> {
  const options = testS3Options();
  const client = new S3Client({ region: options.region, endpoint: options.endpoint, forcePathStyle: true, credentials: options.credentials });
  const keys: string[] = [];
  try {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: options.bucket, Prefix: prefix, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((object) => object.Key!));
      token = page.NextContinuationToken;
    } while (token);
  } finally {
    client.destroy();
  }
  return keys;
}
