import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { QueueEvents, type Job } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { ZCardGeometry } from '../../src/shared/geometry/card-geometry';
import { LocalStorage } from '../../src/data/storage/local-storage';
import type { TConvertPdfResult } from '../../src/shared/jobs/convert-pdf-job';
import { startPdfWorker } from '../../src/worker/pdf-worker';
import { connectionOf, openQueue } from '../../src/data/queues';
import { assetUrl } from '../../src/shared/jobs/asset-origin';
import { poppler } from '../support/poppler';
import { syntheticCard } from '../support/synthetic-card';

const redisUrl = process.env.REDIS_URL!;
const prefix = `${process.env.REDIS_PREFIX}:convert-${randomUUID().slice(0, 8)}`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

// Storage whose first read of one key fails, as a network store sometimes does.
class FlakyStorage extends LocalStorage {
  failuresLeft = 1;
  override async get(key: string): Promise<Buffer | null> {
    if (key.endsWith('flaky.png') && this.failuresLeft-- > 0) throw new Error('storage unavailable');
    return super.get(key);
  }
}

const storage = new FlakyStorage(join(process.env.STORAGE_DIR!, `convert-${randomUUID()}`));
const pdf = startPdfWorker({ redisUrl, prefix, storage, chromiumPath: process.env.CHROMIUM_PATH!, renderTimeoutMs: 20_000, restartEvery: 100, concurrency: 2 });
const queue = openQueue('pdf', redisUrl, prefix);
const events = new QueueEvents('pdf', { connection: connectionOf(redisUrl), prefix: `${prefix}:bull` });
afterAll(async () => {
  await pdf.close();
  await events.close();
  await queue.obliterate({ force: true });
  await queue.close();
});

const finished = async (job: Job) => (await job.waitUntilFinished(events, 60_000)) as TConvertPdfResult;

describe('the pdf queue converts pages to a stored PDF and geometry map', () => {
  const card = syntheticCard(2, 10);
  card.pages[0].html += `<img src="${assetUrl('assets/school-1/logo.png')}"><img src="${assetUrl('assets/school-2/secret.png')}">`;

  it('stores both files, named by the pages, and answers where they are', async () => {
    await storage.put('assets/school-1/logo.png', PNG, 'image/png');
    await storage.put('assets/school-2/secret.png', PNG, 'image/png');
    const result = await finished(await queue.add('convert', { ...card, folder: 'cards/7', assetFolder: 'assets/school-1' }));
    expect(result.pdfKey).toMatch(/^cards\/7\/[0-9a-f]{24}\/card\.pdf$/);
    expect(result).toMatchObject({ pages: 2, bubbles: 100, refused: [assetUrl('assets/school-2/secret.png')] });
    expect(await poppler('pdfinfo', (await storage.get(result.pdfKey))!)).toMatch(/Pages:\s+2\n/);
    const geometry = ZCardGeometry.parse(JSON.parse((await storage.get(result.geometryKey))!.toString()));
    expect(geometry.bubbles).toHaveLength(100);
  });

  it('writes the same files again for the same pages, and new ones beside them for changed pages', async () => {
    const first = await finished(await queue.add('convert', { ...card, folder: 'cards/8', assetFolder: 'assets/school-1' }));
    const again = await finished(await queue.add('convert', { ...card, folder: 'cards/8', assetFolder: 'assets/school-1' }));
    expect(again).toEqual(first);
    const changed = { pages: [{ ...card.pages[0], html: `${card.pages[0].html}<p>改</p>` }, card.pages[1]] };
    const other = await finished(await queue.add('convert', { ...changed, folder: 'cards/8', assetFolder: 'assets/school-1' }));
    expect(other.pdfKey).not.toBe(first.pdfKey);
    expect(await storage.stat(first.pdfKey)).not.toBeNull(); // the recorded one stays until replaced
  });

  it('retries with backoff when storage fails once', async () => {
    const flaky = { pages: [{ html: `<p>flaky</p><img src="${assetUrl('assets/school-1/flaky.png')}">`, css: '' }] };
    await storage.put('assets/school-1/flaky.png', PNG, 'image/png');
    const job = await queue.add('convert', { ...flaky, folder: 'cards/9', assetFolder: 'assets/school-1' });
    await finished(job);
    const done = (await queue.getJob(job.id!))!;
    expect(done.attemptsMade).toBe(2);
    expect(done.opts).toMatchObject({ attempts: 4, backoff: { type: 'exponential', delay: 2_000 } });
  });

  it('fails a job whose payload does not fit the registry', async () => {
    const job = await queue.add('convert', { pages: [], folder: '../etc', assetFolder: 'x' }, { attempts: 1 });
    await expect(job.waitUntilFinished(events, 30_000)).rejects.toThrow();
  });
});
