import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { fairRank } from '../../shared/queue-fairness';
import type { ScanSource } from '../../scan/scan-pages';
import { splitPages } from '../../shared/jobs/scan-batch-job';
import { ScanSources } from './scan-sources';

// Parts of a scan batch (docs/scan-batches.md "Parts"): their ranges, their fair rank, and the
// worker's cache of opened uploads shared by the parts of one batch.

it('splits a batch into evenly sized parts of at most the part size, a big one ending in four small parts, covering every page once', () => {
  expect(splitPages(100, 32)).toEqual([{ first: 1, last: 25 }, { first: 26, last: 50 }, { first: 51, last: 75 }, { first: 76, last: 100 }]);
  expect(splitPages(4, 32)).toEqual([{ first: 1, last: 4 }]);
  expect(splitPages(0, 32)).toEqual([{ first: 1, last: 1 }]);
  expect(splitPages(160, 32).map((p) => p.last - p.first + 1)).toEqual([32, 32, 32, 32, 8, 8, 8, 8]);
  expect(splitPages(1000, 32).slice(-5)).toEqual([{ first: 937, last: 968 }, { first: 969, last: 976 }, { first: 977, last: 984 }, { first: 985, last: 992 }, { first: 993, last: 1000 }]);
  for (const pages of [1, 31, 32, 33, 64, 65, 128, 129, 999, 1000, 2000]) {
    const parts = splitPages(pages, 32);
    expect(parts.length).toBe(pages > 128 ? Math.ceil((pages - 32) / 32) + 4 : Math.ceil(pages / 32));
    if (pages > 128) expect(parts.slice(-4).map((p) => p.last - p.first + 1)).toEqual([8, 8, 8, 8]);
    expect(parts.flatMap((p) => Array.from({ length: p.last - p.first + 1 }, (_, i) => p.first + i))).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    expect(Math.max(...parts.map((p) => p.last - p.first + 1))).toBeLessThanOrEqual(32);
  }
});

it('ranks a unit 1 + its school’s pending units, within BullMQ’s priorities', () => {
  expect([fairRank(0), fairRank(1), fairRank(9)]).toEqual([1, 2, 10]);
  expect(fairRank(10_000_000)).toBe(2_097_152);
});

it('opens an upload once for the parts of a batch, and removes its folder when no longer kept', async () => {
  const sources = new ScanSources(1);
  let opened = 0;
  const dirs: string[] = [];
  const open = async (dir: string) => {
    opened += 1;
    dirs.push(dir);
    return { kind: 'pdf', pages: 3, images: async function* () {} } as unknown as ScanSource;
  };
  const a1 = await sources.open('scans/1/1/upload', 1, open);
  const a2 = await sources.open('scans/1/1/upload', 1, open);
  expect(opened).toBe(1);
  await a1.release();
  await a2.release();
  expect(existsSync(dirs[0])).toBe(true); // one idle upload is kept for the batch's next part
  const b = await sources.open('scans/1/2/upload', 2, open);
  await b.release();
  expect(existsSync(dirs[0])).toBe(false); // the older idle one goes
  expect(existsSync(dirs[1])).toBe(true);
  await sources.drop('scans/1/2/upload');
  expect(existsSync(dirs[1])).toBe(false);
  // A failed opening is not kept: the next part opens afresh.
  await expect(sources.open('scans/1/3/upload', 3, () => Promise.reject(new Error('no')))).rejects.toThrow('no');
  await (await sources.open('scans/1/3/upload', 3, open)).release();
  expect(opened).toBe(3);
  await sources.close();
});
