import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { NewScanPage, ScanBatchesTable, ScanCorrectionKind } from '../db/tables/scan.table';

// Scan batches, their pages and review corrections (docs/scan-batches.md): written by the scan
// service on upload and review, and by the scan worker as it reads.

export async function insertBatch(db: Db, batch: Insertable<ScanBatchesTable>): Promise<number> {
  const result = await db.insertInto('scan_batches').values(batch).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function updateBatch(db: Db, id: number, changes: Updateable<ScanBatchesTable>): Promise<void> {
  await db.updateTable('scan_batches').set(changes).where('id', '=', id).execute();
}

export function findBatch(db: Db, id: number) {
  return db
    .selectFrom('scan_batches as b')
    .innerJoin('documents as d', 'd.id', 'b.document_id')
    .selectAll('b')
    .select(['d.guid', 'd.geometry_key', 'd.status as document_status'])
    .where('b.id', '=', id)
    .executeTakeFirst();
}

export function batchesOfDocument(db: Db, clientId: number, documentId: number, limit: number) {
  return db.selectFrom('scan_batches').selectAll().where('client_id', '=', clientId).where('document_id', '=', documentId).orderBy('id', 'desc').limit(limit).execute();
}

/** Batches MySQL counts as unfinished, for re-queueing after Redis is lost. */
export function pendingBatchIds(db: Db) {
  return db.selectFrom('scan_batches').select('id').where('state', 'in', ['queued', 'reading']).orderBy('id').execute();
}

export async function storedPageIndexes(db: Db, batchId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('scan_pages').select('page_index').where('batch_id', '=', batchId).execute();
  return new Set(rows.map((r) => r.page_index));
}

/**
 * Pages stored in one statement (all or none, even if the worker is killed mid-write). A page is
 * stored once: a second insert of the same (batch, index), by a re-run, is ignored.
 */
export async function insertPages(db: Db, pages: NewScanPage[]): Promise<void> {
  if (pages.length > 0) await db.insertInto('scan_pages').ignore().values(pages).execute();
}

export async function countPages(db: Db, batchId: number): Promise<number> {
  const row = await db.selectFrom('scan_pages').select(sql<number>`count(*)`.as('n')).where('batch_id', '=', batchId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deletePages(db: Db, batchId: number): Promise<void> {
  await db.deleteFrom('scan_pages').where('batch_id', '=', batchId).execute();
}

/** Pages of the batch with the student each belongs to (a review assignment overrides the read one). */
export function pagesOfBatch(db: Db, batchId: number) {
  return pageQuery(db).where('p.batch_id', '=', batchId).orderBy('p.page_index').execute();
}

/**
 * Every stored page of a card, oldest first: later scans of a student page replace earlier ones.
 * With a grade (and class), only the pages of that grade's (class's) students.
 */
export function pagesOfDocument(db: Db, clientId: number, documentId: number, of: { grade?: number; class?: number } = {}) {
  let query = pageQuery(db).where('p.client_id', '=', clientId).where('p.document_id', '=', documentId);
  if (of.grade !== undefined) query = query.where('s.grade', '=', of.grade);
  if (of.class !== undefined) query = query.where('s.class', '=', of.class);
  return query.orderBy('p.id').execute();
}

/** The same with each page's whole reading (its fills), for review; the answers and scores need only the rows. */
export function readingsOfDocument(db: Db, clientId: number, documentId: number) {
  return pageQuery(db).select('p.reading').where('p.client_id', '=', clientId).where('p.document_id', '=', documentId).orderBy('p.id').execute();
}

export function findPage(db: Db, pageId: number) {
  return pageQuery(db).select('p.reading').where('p.id', '=', pageId).executeTakeFirst();
}

function pageQuery(db: Db) {
  return db
    .selectFrom('scan_pages as p')
    .leftJoin('scan_corrections as sc', (join) => join.onRef('sc.page_id', '=', 'p.id').on('sc.kind', '=', 'student'))
    .leftJoin('scan_corrections as dc', (join) => join.onRef('dc.page_id', '=', 'p.id').on('dc.kind', '=', 'discard'))
    .leftJoin('students as s', (join) => join.on(sql<boolean>`s.id = coalesce(${sql.ref('sc.value')} + 0, ${sql.ref('p.student_id')})`))
    .select([
      'p.id',
      'p.batch_id',
      'p.client_id',
      'p.document_id',
      'p.page_index',
      'p.status',
      'p.card_page',
      'p.copy_no',
      'p.version',
      'p.upside_down',
      'p.answers',
      'p.flags',
      'p.image_key',
      's.id as student_id',
      's.number as student_number',
      's.name as student_name',
      's.grade',
      's.class',
      's.seat',
      sql<number>`${sql.ref('dc.id')} is not null`.as('discarded'),
    ]);
}
export type ScanPageView = Awaited<ReturnType<typeof pagesOfBatch>>[number];

/** The answer corrections of every page of a card (one query, however many pages). */
export function answerCorrectionsOfDocument(db: Db, clientId: number, documentId: number) {
  return db
    .selectFrom('scan_corrections as c')
    .innerJoin('scan_pages as p', 'p.id', 'c.page_id')
    .select(['c.page_id', 'c.q', 'c.value'])
    .where('p.client_id', '=', clientId)
    .where('p.document_id', '=', documentId)
    .where('c.kind', '=', 'answer')
    .execute();
}

export function answerCorrections(db: Db, pageIds: readonly number[]) {
  if (pageIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('scan_corrections').select(['page_id', 'q', 'value', 'username', 'created_at']).where('page_id', 'in', pageIds).where('kind', '=', 'answer').execute();
}

export async function upsertCorrection(
  db: Db,
  row: { page_id: number; client_id: number; kind: ScanCorrectionKind; q: number; value: string; user_id: number; username: string },
): Promise<void> {
  await db
    .insertInto('scan_corrections')
    .values(row)
    .onDuplicateKeyUpdate({ value: row.value, user_id: row.user_id, username: row.username, created_at: sql`CURRENT_TIMESTAMP(3)` })
    .execute();
}

export async function deleteCorrection(db: Db, pageId: number, kind: ScanCorrectionKind, q: number): Promise<void> {
  await db.deleteFrom('scan_corrections').where('page_id', '=', pageId).where('kind', '=', kind).where('q', '=', q).execute();
}

/** Students of the school at a grade/class/seat, for pages of blank copies identified by their header bubbles. */
export function studentAtSeat(db: Db, clientId: number, seat: { grade: number; class: number; seat: number }) {
  return db.selectFrom('students').select('id').where('client_id', '=', clientId).where('grade', '=', seat.grade).where('class', '=', seat.class).where('seat', '=', seat.seat).executeTakeFirst();
}

export function studentOfSchool(db: Db, clientId: number, studentId: number) {
  return db.selectFrom('students').select(['id', 'number', 'name', 'grade', 'class', 'seat']).where('client_id', '=', clientId).where('id', '=', studentId).executeTakeFirst();
}
