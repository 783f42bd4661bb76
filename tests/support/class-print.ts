import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Db } from '../../src/data/db/database';
import { ZCardGeometry, type CardGeometryV2 } from '../../src/shared/geometry/card-geometry';

/**
 * The browser tests' way to a real class print (tests/e2e/scan.test.ts, capture.test.ts): the card
 * converted by the product (the PDF worker), then one class printed through the legacy door, and
 * the conversion's map read from the e2e app's storage.
 */
export async function convertAndPrintClass(db: Db, api: (path: string, body: unknown) => Promise<Response>, guid: string, grade = 1, klass = 1): Promise<{ printed: Uint8Array; map: CardGeometryV2 }> {
  expect((await api('/trpc/cards.savePdf', { guid })).status).toBe(200);
  // A plain loop, not expect.poll: this also runs in beforeAll, outside any test.
  for (let waited = 0; (await db.selectFrom('documents').select('status').where('guid', '=', guid).executeTakeFirstOrThrow()).status !== 'converted'; waited += 1_000) {
    if (waited > 120_000) throw new Error('the card was not converted within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const printed = await api('/api/cards', { method: 'get', action: 'PDF', guid, grade, class: klass });
  expect(printed.headers.get('content-type')).toContain('pdf');
  const doc = await db.selectFrom('documents').select('geometry_key').where('guid', '=', guid).executeTakeFirstOrThrow();
  const map = ZCardGeometry.parse(JSON.parse((await readFile(join(process.env.STORAGE_DIR!, 'e2e', doc.geometry_key!))).toString()));
  if (map.version !== 2) throw new Error('the conversion made a v1 map');
  return { printed: new Uint8Array(await printed.arrayBuffer()), map };
}
