import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/data/db/database';
import { insertDocument } from '../../src/data/repos/documents.repo';
import { replaceRoster } from '../../src/data/repos/students.repo';
import type { FileStorage } from '../../src/data/storage/file-storage';
import type { CardGeometry } from '../../src/shared/geometry/card-geometry';
import type { PrintCardFixture } from './print-card';
import { studentName } from './print-students';

// Fixtures of the print service's tests and benchmark: a roster in the students table, and a card
// stored as a finished conversion (PDF + geometry map in storage, the row `converted`).

/** `classes` classes of `size` students in `grade`, replacing the school's roster. */
export async function seedRoster(db: Db, clientId: number, grade: number, classes: number, size: number): Promise<void> {
  const rows = Array.from({ length: classes * size }, (_, i) => {
    const klass = Math.floor(i / size) + 1;
    const seat = (i % size) + 1;
    return { grade, class: klass, seat, number: `11${grade}${String(klass).padStart(2, '0')}${String(seat).padStart(2, '0')}`, name: studentName(klass * 100 + seat) };
  });
  await db.transaction().execute((trx) => replaceRoster(trx, clientId, rows));
}

/** A converted card of the school from a fixture render (tests/support/print-card.ts). */
export async function storeConvertedCard(db: Db, storage: FileStorage, owner: { clientId: number; userId: number }, card: PrintCardFixture, title = '列印測試卷') {
  const guid = randomUUID();
  const folder = `pdf/fixture-${guid}`;
  const geometry: CardGeometry = { version: 1, page: { w: 595.92, h: 841.92 }, pages: card.pages, bubbles: [], groups: [], header: card.header };
  await storage.put(`${folder}/card.pdf`, Buffer.from(card.pdf), 'application/pdf');
  await storage.put(`${folder}/geometry.json`, Buffer.from(JSON.stringify(geometry)), 'application/json');
  const id = await insertDocument(db, {
    guid,
    kind: 'card',
    client_id: owner.clientId,
    user_id: owner.userId,
    title,
    mode: 'omr',
    size: 'A4',
    privacy: 'client',
    source_id: null,
    pdf_key: `${folder}/card.pdf`,
  });
  await db.updateTable('documents').set({ status: 'converted', geometry_key: `${folder}/geometry.json` }).where('id', '=', id).execute();
  return { id, guid };
}
