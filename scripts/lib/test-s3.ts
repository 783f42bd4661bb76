import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { rm } from 'node:fs/promises';
import S3rver from 's3rver';
import { SetupError, step } from './setup-messages';

/** What the tests receive (scripts/README.md, "What the tests receive"). */
export interface TestS3 {
  env: { S3_TEST_ENDPOINT: string; S3_TEST_BUCKET: string; S3_TEST_ACCESS_KEY_ID: string; S3_TEST_SECRET_ACCESS_KEY: string };
  /** Removes the run's bucket (and s3rver's folder); stops s3rver. */
  stop(): Promise<void>;
}

// s3rver accepts this pair (its documented default) and checks signatures made with it.
const S3RVER_KEY = 'S3RVER';

/**
 * An S3-compatible server for the run: the one at S3_ENDPOINT when set (MinIO, Garage …, with
 * S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY), in a bucket of the run's own that is emptied and
 * removed afterwards; otherwise `s3rver` (an npm dev dependency, nothing is downloaded) in this
 * process on a free loopback port, keeping its objects under `directory`.
 */
export async function startTestS3(runId: string, directory: string): Promise<TestS3> {
  const bucket = `acs-test-${runId.replace(/_/g, '-')}`;
  const configured = process.env.S3_ENDPOINT;
  if (configured) return useConfiguredS3(configured, bucket);
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  step(`S3 for the tests: s3rver at ${endpoint}, bucket ${bucket}`);
  return {
    env: { S3_TEST_ENDPOINT: endpoint, S3_TEST_BUCKET: bucket, S3_TEST_ACCESS_KEY_ID: S3RVER_KEY, S3_TEST_SECRET_ACCESS_KEY: S3RVER_KEY },
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function useConfiguredS3(endpoint: string, bucket: string): Promise<TestS3> {
  const accessKeyId = process.env.S3_ACCESS_KEY_ID;
  const secretAccessKey = process.env.S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new SetupError('S3_ENDPOINT is set: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY for it too, or unset it to use s3rver.');
  const client = new S3Client({ endpoint, region: process.env.S3_REGION ?? 'us-east-1', forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    client.destroy();
    throw new SetupError(`S3_ENDPOINT ${endpoint} did not create the test bucket ${bucket}: ${(error as Error).message}`);
  }
  step(`S3 for the tests: ${endpoint} (S3_ENDPOINT), bucket ${bucket}`);
  return {
    env: { S3_TEST_ENDPOINT: endpoint, S3_TEST_BUCKET: bucket, S3_TEST_ACCESS_KEY_ID: accessKeyId, S3_TEST_SECRET_ACCESS_KEY: secretAccessKey },
    stop: async () => {
      try {
        for (let listed = await client.send(new ListObjectsV2Command({ Bucket: bucket })); (listed.Contents ?? []).length > 0; listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }))) {
          await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: listed.Contents!.map((o) => ({ Key: o.Key! })) } }));
        }
        await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      } finally {
        client.destroy();
      }
    },
  };
}
