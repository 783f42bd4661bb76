import { mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../src/data/storage/s3-storage';
import { legacyFile } from '../support/card-fixtures';
import { printHarness, type PrintHarness } from '../support/print-harness';
import { bucketKeys, testS3Env } from '../support/test-s3';

// The whole file path with S3_BUCKET set, as a deployment on several machines runs it: convert →
// print a class → download its log file → preview, every file in the run's bucket, none on disk.
const storageDir = mkdtempSync(join(tmpdir(), 'acs-s3-flow-'));
let h: PrintHarness;

beforeAll(async () => {
  Object.assign(process.env, testS3Env(), { STORAGE_DIR: storageDir });
  h = await printHarness('s3flow');
}, 150_000);
afterAll(async () => {
  await h?.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('convert → print → download log → preview on S3', () => {
  it('keeps every file in the bucket and nothing on the local disk', async () => {
    expect(h.app.deps.storage).toBeInstanceOf(S3Storage);
    const card = await h.doc();
    expect(card.status).toBe('converted');
    h.startPrinting();
    const ticketId = ((await h.create(h.teacher, { guid: h.guid, grade: 3, classes: [1, 2], order: 'seat' })).data as { ticketId: number }).ticketId;
    await h.done(h.teacher, ticketId);
    const logs = await h.app.deps.db.selectFrom('print_logs').select(['id', 'storage_key']).where('ticket_key', 'like', `${ticketId}-%`).orderBy('id').execute();
    expect(logs).toHaveLength(2);

    const log = await legacyFile(h.app, 'cards', { method: 'download', action: 'log', id: logs[0].id }, h.teacher.token);
    expect(log.status).toBe(200);
    expect(log.body.subarray(0, 5).toString()).toBe('%PDF-');
    const preview = await legacyFile(h.app, 'cards', { method: 'get', action: 'perview', guid: h.guid }, h.teacher.token);
    expect(preview.body.subarray(0, 5).toString()).toBe('%PDF-');

    // Read with the SDK itself, not through our storage: the objects are really in the bucket.
    const stored = new Set(await bucketKeys(''));
    for (const key of [card.pdf_key!, card.geometry_key!, ...logs.map((l) => l.storage_key)]) expect(stored, key).toContain(key);
    expect(readdirSync(storageDir, { recursive: true })).toEqual([]);
  }, 120_000);
});
