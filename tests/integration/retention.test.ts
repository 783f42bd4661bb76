import { CreateBucketCommand, DeleteBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { insertDocument } from '../../src/data/repos/documents.repo';
import type { FileStorage } from '../../src/data/storage/file-storage';
import { LocalStorage } from '../../src/data/storage/local-storage';
import { S3Storage } from '../../src/data/storage/s3-storage';
import { pruneFiles } from '../../src/worker/jobs/prune-files';
import { createSchool, createUser } from '../support/fixtures';
import { testS3Options } from '../support/test-s3';

// The retention job (docs/deployment.md, "Retention") on both storages. It looks at every file of
// its storage, so each storage here is its own: a fresh folder, and a bucket of this file's own
// (the run's bucket holds other files' tests). Its clock is set two hours on, past the grace
// period that protects a conversion in flight.
const db: Db = createDb(process.env.DATABASE_URL!, 2);
const folder = mkdtempSync(join(tmpdir(), 'acs-retention-'));
const s3 = testS3Options();
const bucket = `${s3.bucket}-retention`;
const admin = new S3Client({ region: s3.region, endpoint: s3.endpoint, forcePathStyle: true, credentials: s3.credentials });
const later = () => new Date(Date.now() + 2 * 3_600_000);
const policy = { earlierConversions: 1, printFileDays: 30 };

beforeAll(() => admin.send(new CreateBucketCommand({ Bucket: bucket })));
afterAll(async () => {
  const bucketStorage = new S3Storage({ ...s3, bucket });
  for (const root of ['pdf/', 'print/', 'assets/']) await bucketStorage.deletePrefix(root);
  bucketStorage.close();
  await admin.send(new DeleteBucketCommand({ Bucket: bucket }));
  admin.destroy();
  await rm(folder, { recursive: true, force: true });
  await db.destroy();
});

const storages: [string, () => FileStorage][] = [
  ['LocalStorage', () => new LocalStorage(folder)],
  ['S3Storage', () => new S3Storage({ ...s3, bucket })],
];

describe.each(storages)('prune-files on %s', (_name, makeStorage) => {
  it('keeps the current and the last earlier conversion, files a row names, and recent prints; deletes the rest, once', async () => {
    const storage = makeStorage();
    const school = await createSchool(db);
    const user = await createUser(db, school.id);
    const newDoc = (pdfFolder: string | null) =>
      insertDocument(db, { guid: randomUUID(), kind: 'card', client_id: school.id, user_id: user.id, title: '留存', mode: 'omr', size: 'A4', privacy: 'client', source_id: null, pdf_key: pdfFolder && `${pdfFolder}card.pdf` });
    const put = (key: string) => storage.put(key, Buffer.from(key), 'application/pdf');
    const card = await newDoc(null);
    // Three earlier conversions, oldest first (S3 keeps times to the second), then the current one.
    for (const digest of ['e1', 'e2', 'e3']) {
      await put(`pdf/${card}/${digest}/card.pdf`);
      await put(`pdf/${card}/${digest}/geometry.json`);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
    }
    await put(`pdf/${card}/now/card.pdf`);
    await db.updateTable('documents').set({ pdf_key: `pdf/${card}/now/card.pdf`, geometry_key: `pdf/${card}/now/geometry.json` }).where('id', '=', card).execute();
    // A copy whose row names the oldest folder of the card: kept whatever its age.
    await put(`pdf/${card}/shared/card.pdf`);
    await newDoc(`pdf/${card}/shared/`);
    // A deleted card's conversion; a deleted school's images and prints; this school's image.
    const gone = 2_000_000_000 + Math.floor(Math.random() * 100_000_000);
    for (const key of [`pdf/${gone}/x/card.pdf`, `assets/cards/${gone}/a.png`, `print/${gone}/5/3-1.pdf`, `assets/cards/${school.id}/a.png`]) await put(key);
    // Print files: one 40 days old, one of today.
    const log = (key: string, createdAt: Date) =>
      db.insertInto('print_logs').values({ document_id: card, client_id: school.id, user_id: user.id, filename: 'x.pdf', class: '3年1班', storage_key: key, created_at: createdAt }).execute();
    const [oldPrint, newPrint] = [`print/${school.id}/${card}01/3-1.pdf`, `print/${school.id}/${card}02/3-1.pdf`];
    await put(oldPrint);
    await put(newPrint);
    await log(oldPrint, new Date(Date.now() - 40 * 86_400_000));
    await log(newPrint, new Date());

    expect(await pruneFiles(db, storage, policy, later())).toEqual({ conversions: 2, deletedDocuments: 1, deletedSchools: 1, printLogs: 1, slips: 0 });
    const left = async (prefix: string) => {
      const keys: string[] = [];
      for await (const file of storage.list(prefix)) keys.push(file.key);
      return keys.sort();
    };
    expect(await left(`pdf/${card}/`)).toEqual([`pdf/${card}/e3/card.pdf`, `pdf/${card}/e3/geometry.json`, `pdf/${card}/now/card.pdf`, `pdf/${card}/shared/card.pdf`]);
    expect(await left(`pdf/${gone}/`)).toEqual([]);
    expect(await left(`assets/cards/${gone}/`)).toEqual([]);
    expect(await left(`print/${gone}/`)).toEqual([]);
    expect(await left(`assets/cards/${school.id}/`)).toEqual([`assets/cards/${school.id}/a.png`]);
    expect(await left(`print/${school.id}/`)).toEqual([newPrint]);
    const logs = await db.selectFrom('print_logs').select('storage_key').where('document_id', '=', card).execute();
    expect(logs.map((l) => l.storage_key)).toEqual([newPrint]);

    // Nothing more on a second run; and without the clock moved on, a fresh folder is left alone.
    expect(await pruneFiles(db, storage, policy, later())).toEqual({ conversions: 0, deletedDocuments: 0, deletedSchools: 0, printLogs: 0, slips: 0 });
    await put(`pdf/${gone + 1}/y/card.pdf`);
    expect((await pruneFiles(db, storage, policy)).deletedDocuments).toBe(0);
    expect(await left(`pdf/${gone + 1}/`)).toEqual([`pdf/${gone + 1}/y/card.pdf`]);

    // A slips job's PDF outlives its job by a day and the grace period, then goes; the school's prints stay.
    const slip = `print/${school.id}/slips/77.pdf`;
    await put(slip);
    expect((await pruneFiles(db, storage, policy, later())).slips).toBe(0);
    expect((await pruneFiles(db, storage, policy, new Date(Date.now() + 26 * 3_600_000))).slips).toBe(1);
    expect(await left(`print/${school.id}/`)).toEqual([newPrint]);
    if (storage instanceof S3Storage) storage.close();
  }, 60_000);
});
