import { sql } from 'kysely';
import { DISABLED_REASONS } from '../../shared/card/status';
import type { Db } from '../db/database';

// The content lock of a conversion (docs/cards.md, "Disabled"): `save PDF` sets `disabled` 3 in
// the same statement that marks the document converting, and the worker clears it in the one that
// records the outcome. Only an unlocked document (0) takes the lock, so clearing 3 always restores
// the previous value, and a document locked for another reason (1, 2) keeps its reason throughout.

const { editable, converting } = DISABLED_REASONS;

/** `disabled` once a conversion starts: 3 when it was editable, else unchanged. */
export const lockedForConversion = sql<number>`if(disabled = ${editable}, ${converting}, disabled)`;

/** `disabled` once the conversion is recorded (converted, or failed on its last attempt). */
export const releasedAfterConversion = sql<number>`if(disabled = ${converting}, ${editable}, disabled)`;

/**
 * The document's lock read inside a transaction and held (FOR UPDATE) until it commits: a content
 * save and a `save PDF` of one document run one after the other, never interleaved.
 */
export async function lockValueForUpdate(db: Db, documentId: number): Promise<number> {
  const row = await db.selectFrom('documents').select('disabled').where('id', '=', documentId).forUpdate().executeTakeFirstOrThrow();
  return row.disabled;
}

/** Marks the document converting by job `jobId` and takes the content lock, in one statement. */
export async function markConverting(db: Db, documentId: number, jobId: string): Promise<void> {
  await db.updateTable('documents').set({ status: 'converting', pdf_error: null, pdf_job: jobId, disabled: lockedForConversion }).where('id', '=', documentId).execute();
}

/**
 * Records a conversion's files, only when `jobId` is still the document's job (a deleted document
 * matches no row), and releases the content lock in the same statement.
 */
export async function markConverted(db: Db, documentId: number, jobId: string, files: { pdfKey: string; geometryKey: string }): Promise<void> {
  await db
    .updateTable('documents')
    .set({ pdf_key: files.pdfKey, geometry_key: files.geometryKey, status: 'converted', pdf_error: null, disabled: releasedAfterConversion })
    .where('id', '=', documentId)
    .where('pdf_job', '=', jobId)
    .where('status', 'in', ['converting', 'converted'])
    .execute();
}

/** Records a failed conversion's code, only when `jobId` is still the document's converting job; releases the lock. */
export async function markFailed(db: Db, documentId: number, jobId: string, code: string): Promise<void> {
  await db
    .updateTable('documents')
    .set({ status: 'failed', pdf_error: code, disabled: releasedAfterConversion })
    .where('id', '=', documentId)
    .where('pdf_job', '=', jobId)
    .where('status', '=', 'converting')
    .execute();
}

/** A draft copy takes over a carried conversion's files; false when the copy is no longer a draft. */
export async function markCarried(db: Db, copyId: number, carried: { pdfKey: string; geometryKey: string; pdfJob: string }): Promise<boolean> {
  const done = await db
    .updateTable('documents')
    .set({ status: 'converted', pdf_key: carried.pdfKey, geometry_key: carried.geometryKey, pdf_job: carried.pdfJob, pdf_error: null })
    .where('id', '=', copyId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
