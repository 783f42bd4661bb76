import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { AttendanceMark, NewScanPage, ScanBatchesTable, ScanBatchPartsTable, ScanCorrectionKind } from '../db/tables/scan.table';

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

/** Batches MySQL counts as unfinished, for re-queueing after Redis is lost. */
export function pendingBatchIds(db: Db) {
  return db.selectFrom('scan_batches').select('id').where('state', 'in', ['queued', 'reading']).orderBy('id').execute();
}

/** The stored page indexes of a batch, or of one page range of it (a part). */
export async function storedPageIndexes(db: Db, batchId: number, range?: { first: number; last: number }): Promise<Set<number>> {
  let query = db.selectFrom('scan_pages').select('page_index').where('batch_id', '=', batchId);
  if (range) query = query.where('page_index', '>=', range.first).where('page_index', '<=', range.last);
  return new Set((await query.execute()).map((r) => r.page_index));
}

// Parts (docs/scan-batches.md "Parts"): page ranges of a batch, each read as one job.

export async function insertParts(db: Db, parts: Insertable<ScanBatchPartsTable>[]): Promise<void> {
  if (parts.length > 0) await db.insertInto('scan_batch_parts').values(parts).execute();
}

/** Parts of the school still to read: the fair rank of its next part is this + 1 (src/shared/queue-fairness.ts). */
export async function pendingParts(db: Db, clientId: number): Promise<number> {
  const row = await db
    .selectFrom('scan_batch_parts')
    .select(sql<number>`count(*)`.as('n'))
    .where('client_id', '=', clientId)
    .where('state', 'in', ['queued', 'reading'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function partsOf(db: Db, batchId: number) {
  return db.selectFrom('scan_batch_parts').selectAll().where('batch_id', '=', batchId).orderBy('part_no').execute();
}

export function findPart(db: Db, batchId: number, partNo: number) {
  return db.selectFrom('scan_batch_parts').selectAll().where('batch_id', '=', batchId).where('part_no', '=', partNo).executeTakeFirst();
}

export async function updatePart(db: Db, id: number, changes: Updateable<ScanBatchPartsTable>): Promise<void> {
  await db.updateTable('scan_batch_parts').set(changes).where('id', '=', id).execute();
}

/** A part's pages read so far, and the batch's as the sum of its parts'. */
export async function recordPartProgress(db: Db, batchId: number, partId: number, done: number): Promise<void> {
  await db.updateTable('scan_batch_parts').set({ pages_done: done }).where('id', '=', partId).execute();
  await sql`UPDATE scan_batches SET pages_done = (SELECT COALESCE(SUM(pages_done), 0) FROM scan_batch_parts WHERE batch_id = ${batchId}) WHERE id = ${batchId}`.execute(db);
}

/**
 * Marks a part done and tells whether the batch has no part left to read. The batch row is locked
 * meanwhile, so of two parts finishing at once exactly one sees the other done.
 */
export async function completePart(db: Db, batchId: number, partId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('scan_batches').select('id').where('id', '=', batchId).forUpdate().executeTakeFirst();
    await trx.updateTable('scan_batch_parts').set({ state: 'done', finished_at: new Date() }).where('id', '=', partId).where('state', '<>', 'done').execute();
    const left = await trx.selectFrom('scan_batch_parts').select(sql<number>`count(*)`.as('n')).where('batch_id', '=', batchId).where('state', '<>', 'done').executeTakeFirstOrThrow();
    return Number(left.n) === 0;
  });
}

/** Parts of unfinished batches still to read, for re-queueing after Redis is lost. */
export function pendingPartRows(db: Db) {
  return db
    .selectFrom('scan_batch_parts as p')
    .innerJoin('scan_batches as b', 'b.id', 'p.batch_id')
    .select(['p.batch_id', 'p.part_no', 'p.queue_rank'])
    .where('b.state', 'in', ['queued', 'reading'])
    .where('p.state', 'in', ['queued', 'reading'])
    .orderBy('p.batch_id')
    .orderBy('p.part_no')
    .execute();
}

/**
 * A school's scan pages against its limits (docs/scan-batches.md "Limits"): pages uploaded but not
 * yet read, and pages uploaded since `dayStart`.
 */
export async function scanPagesOfSchool(db: Db, clientId: number, dayStart: Date): Promise<{ inFlight: number; today: number }> {
  const [flight, today] = await Promise.all([
    db
      .selectFrom('scan_batches')
      .select(sql<number>`COALESCE(SUM(GREATEST(pages_total - pages_done, 0)), 0)`.as('n'))
      .where('client_id', '=', clientId)
      .where('state', 'in', ['queued', 'reading'])
      .executeTakeFirstOrThrow(),
    db.selectFrom('scan_batches').select(sql<number>`COALESCE(SUM(pages_total), 0)`.as('n')).where('client_id', '=', clientId).where('created_at', '>=', dayStart).executeTakeFirstOrThrow(),
  ]);
  return { inFlight: Number(flight.n), today: Number(today.n) };
}

/**
 * Pages stored in one statement (all or none, even if the worker is killed mid-write). A page is
 * stored once: a second insert of the same (batch, index), by a re-run, is ignored.
 */
export async function insertPages(db: Db, pages: NewScanPage[]): Promise<void> {
  if (pages.length > 0) await db.insertInto('scan_pages').ignore().values(pages).execute();
}

export async function deletePages(db: Db, batchId: number): Promise<void> {
  await db.deleteFrom('scan_pages').where('batch_id', '=', batchId).execute();
}

/** Pages of the batch with the student each belongs to (a review assignment overrides the read one). */
export function pagesOfBatch(db: Db, batchId: number) {
  return pageQuery(db).where('p.batch_id', '=', batchId).orderBy('p.page_index').execute();
}

/** The pages of several batches in one query, batch by batch in page order (a phone's sheets, each a one-page batch). */
export async function pagesOfBatches(db: Db, batchIds: readonly number[]) {
  if (batchIds.length === 0) return [];
  return pageQuery(db).where('p.batch_id', 'in', batchIds).orderBy('p.batch_id').orderBy('p.page_index').execute();
}

/** The reader's whole reading of each page of a batch (its page warnings and reasons), by page id. */
export async function readingsOfBatch(db: Db, batchId: number): Promise<Map<number, string>> {
  const rows = await db.selectFrom('scan_pages').select(['id', 'reading']).where('batch_id', '=', batchId).execute();
  return new Map(rows.map((r) => [r.id, r.reading]));
}

/**
 * Every stored page of a card in stack order — batch after batch, each batch in its upload's page
 * order (not insertion order: a batch's pages may be stored out of order by parallel parts) — so
 * later scans of a student page replace earlier ones.
 * With a grade (and class), only the pages of that grade's (class's) students.
 */
export function pagesOfDocument(db: Db, clientId: number, documentId: number, of: { grade?: number; class?: number } = {}) {
  let query = livePages(pageQuery(db)).where('p.client_id', '=', clientId).where('p.document_id', '=', documentId);
  if (of.grade !== undefined) query = query.where('s.grade', '=', of.grade);
  if (of.class !== undefined) query = query.where('s.class', '=', of.class);
  return query.orderBy('p.batch_id').orderBy('p.page_index').execute();
}

/** The same with each page's whole reading (its fills), for review; the answers and scores need only the rows. */
export function readingsOfDocument(db: Db, clientId: number, documentId: number) {
  return livePages(pageQuery(db)).select(['p.reading', 'p.assumed', 'b.filename']).where('p.client_id', '=', clientId).where('p.document_id', '=', documentId).orderBy('p.batch_id').orderBy('p.page_index').execute();
}

export function findPage(db: Db, pageId: number) {
  return pageQuery(db).select(['p.reading', 'p.assumed']).where('p.id', '=', pageId).executeTakeFirst();
}

function pageQuery(db: Db) {
  return db
    .selectFrom('scan_pages as p')
    .innerJoin('scan_batches as b', 'b.id', 'p.batch_id')
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

/** Only the pages of batches not deleted (a deleted batch's pages count for nothing until restored). */
function livePages<Q extends ReturnType<typeof pageQuery>>(query: Q): Q {
  return query.where('b.deleted_at', 'is', null) as Q;
}

/** The answer corrections (or, with kind `score`, the score-field decisions) of every page of a card (one query, however many pages). */
export function answerCorrectionsOfDocument(db: Db, clientId: number, documentId: number, kind: 'answer' | 'score' = 'answer') {
  return db
    .selectFrom('scan_corrections as c')
    .innerJoin('scan_pages as p', 'p.id', 'c.page_id')
    .innerJoin('scan_batches as b', 'b.id', 'p.batch_id')
    .select(['c.page_id', 'c.q', 'c.value'])
    .where('b.deleted_at', 'is', null)
    .where('p.client_id', '=', clientId)
    .where('p.document_id', '=', documentId)
    .where('c.kind', '=', kind)
    .execute();
}

export function answerCorrections(db: Db, pageIds: readonly number[], kind: 'answer' | 'score' = 'answer') {
  if (pageIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('scan_corrections').select(['page_id', 'q', 'value', 'username', 'created_at']).where('page_id', 'in', pageIds).where('kind', '=', kind).execute();
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

export async function deleteCorrection(db: Db, pageId: number, kind: ScanCorrectionKind, q: number | readonly number[]): Promise<void> {
  const qs = typeof q === 'number' ? [q] : q;
  if (qs.length === 0) return;
  await db.deleteFrom('scan_corrections').where('page_id', '=', pageId).where('kind', '=', kind).where('q', 'in', qs).execute();
}

/** Several answers of one page in one statement (a whole sheet typed or accepted). */
export async function upsertAnswers(db: Db, owner: { page_id: number; client_id: number; user_id: number; username: string }, answers: readonly { q: number; value: string }[]): Promise<void> {
  if (answers.length === 0) return;
  await db
    .insertInto('scan_corrections')
    .values(answers.map((a) => ({ ...owner, kind: 'answer' as const, q: a.q, value: a.value })))
    .onDuplicateKeyUpdate({ value: sql`VALUES(value)`, user_id: sql`VALUES(user_id)`, username: sql`VALUES(username)`, created_at: sql`CURRENT_TIMESTAMP(3)` })
    .execute();
}

/** A page measured again as another card page (an assigned page without code): its read values become that reading's. */
export async function rereadPage(db: Db, pageId: number, read: { status: 'read' | 'review'; card_page: number; answers: string; flags: string; reading: string }): Promise<void> {
  await db.updateTable('scan_pages').set(read).where('id', '=', pageId).execute();
}

/** Soft delete (and restore) of a batch: its pages and their decisions stay stored. */
export async function setBatchDeleted(db: Db, batchId: number, deleted: boolean): Promise<void> {
  await db.updateTable('scan_batches').set({ deleted_at: deleted ? new Date() : null }).where('id', '=', batchId).execute();
}

/** A live batch of the card with the same file, for the re-upload question. */
export function batchWithSameFile(db: Db, clientId: number, documentId: number, sha256: string) {
  return db.selectFrom('scan_batches').select(['id', 'filename', 'created_at']).where('client_id', '=', clientId).where('document_id', '=', documentId).where('sha256', '=', sha256).where('deleted_at', 'is', null).orderBy('id', 'desc').executeTakeFirst();
}

/** The card's 缺考 / 補考 marks. */
export function attendanceOfDocument(db: Db, clientId: number, documentId: number) {
  return db.selectFrom('scan_attendance').select(['student_id', 'mark', 'username', 'created_at']).where('client_id', '=', clientId).where('document_id', '=', documentId).execute();
}

export async function setAttendance(db: Db, row: { client_id: number; document_id: number; student_id: number; mark: AttendanceMark | null; user_id: number; username: string }): Promise<void> {
  if (row.mark === null) {
    await db.deleteFrom('scan_attendance').where('document_id', '=', row.document_id).where('student_id', '=', row.student_id).execute();
    return;
  }
  await db
    .insertInto('scan_attendance')
    .values({ ...row, mark: row.mark })
    .onDuplicateKeyUpdate({ mark: row.mark, user_id: row.user_id, username: row.username, created_at: sql`CURRENT_TIMESTAMP(3)` })
    .execute();
}

/** Roster students of the given classes (grade/class pairs) of a school, in class and seat order. */
export async function studentsOfClasses(db: Db, clientId: number, classes: readonly { grade: number; class: number }[]) {
  if (classes.length === 0) return [];
  return db
    .selectFrom('students')
    .select(['id', 'number', 'name', 'grade', 'class', 'seat'])
    .where('client_id', '=', clientId)
    .where((eb) => eb.or(classes.map((c) => eb.and([eb('grade', '=', c.grade), eb('class', '=', c.class)]))))
    .orderBy('grade')
    .orderBy('class')
    .orderBy('seat')
    .execute();
}

/** Students of the school at a grade/class/seat, for pages of blank copies identified by their header bubbles. */
export function studentAtSeat(db: Db, clientId: number, seat: { grade: number; class: number; seat: number }) {
  return db.selectFrom('students').select('id').where('client_id', '=', clientId).where('grade', '=', seat.grade).where('class', '=', seat.class).where('seat', '=', seat.seat).executeTakeFirst();
}

export function studentOfSchool(db: Db, clientId: number, studentId: number) {
  return db.selectFrom('students').select(['id', 'number', 'name', 'grade', 'class', 'seat']).where('client_id', '=', clientId).where('id', '=', studentId).executeTakeFirst();
}

export async function deleteBatch(db: Db, batchId: number): Promise<void> {
  await db.deleteFrom('scan_batches').where('id', '=', batchId).execute();
}

/** A queued batch starts reading (a batch already reading or done stays as it is). */
export async function markBatchReading(db: Db, batchId: number): Promise<void> {
  await db.updateTable('scan_batches').set({ state: 'reading' }).where('id', '=', batchId).where('state', '=', 'queued').execute();
}

/** Every part of the batch not done is failed. */
export async function failOpenParts(db: Db, batchId: number): Promise<void> {
  await db.updateTable('scan_batch_parts').set({ state: 'failed' }).where('batch_id', '=', batchId).where('state', '<>', 'done').execute();
}

/** Each stored page's status and image, for the batch's finish step. */
export function pageStatusesOfBatch(db: Db, batchId: number) {
  return db.selectFrom('scan_pages').select(['status', 'image_key']).where('batch_id', '=', batchId).execute();
}

/** The batch's pages as the stack check reads them. */
export function stackPagesOfBatch(db: Db, batchId: number) {
  return db.selectFrom('scan_pages').select(['page_index as index', 'status', 'student_id', 'copy_no', 'card_page']).where('batch_id', '=', batchId).execute();
}

/** The batch's pages with their readings, for the batch's warnings. */
export function pageReadingsOfBatch(db: Db, batchId: number) {
  return db.selectFrom('scan_pages').select(['page_index', 'reading']).where('batch_id', '=', batchId).execute();
}

/** Stored pages of the school by id, with their image and reading (slips draw them). */
export function pageImagesOfSchool(db: Db, clientId: number, pageIds: readonly number[]) {
  return db.selectFrom('scan_pages').select(['id', 'image_key', 'reading']).where('client_id', '=', clientId).where('id', 'in', pageIds).execute();
}

/**
 * The later pages of a blank copy take the student of page 1 of the same copy in the same batch
 * (scan-identify.ts `linkCopyPages`); a page read with several or unclear marks stays for review.
 */
/** `reviewStatuses`: the question statuses that hold a page for review (the reader's REVIEW_STATUSES, passed in: the data layer does not know the reader). */
export async function linkCopyPagesToFirst(db: Db, batchId: number, reviewStatuses: readonly string[]): Promise<void> {
  // A page holds for review when a question's stored flag (a JSON string value) is one of the review statuses.
  const unsure = sql.join(reviewStatuses.map((status) => sql`p.flags LIKE ${`%"${status}"%`}`), sql` OR `);
  await sql`UPDATE scan_pages p JOIN scan_pages first
      ON first.batch_id = p.batch_id AND first.copy_no = p.copy_no AND first.card_page = 1 AND first.student_id IS NOT NULL
    SET p.student_id = first.student_id,
        p.status = IF(${unsure}, 'review', 'read')
    WHERE p.batch_id = ${batchId} AND p.copy_no IS NOT NULL AND p.student_id IS NULL AND p.card_page <> 1`.execute(db);
}
