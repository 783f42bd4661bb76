import { sql } from 'kysely';
import type { Db } from '../db/database';

// Phone capture sessions (docs/scan-batches.md "Capture with a phone"): each captured sheet is a
// one-page batch carrying its session's id (scan_batches.capture_session, migration 0661); the
// scan screen lists a session as one item, deletes and restores it as one.

/**
 * A batch of the session already holding this very upload — the same sheet's name and the same
 * bytes: a capture sent again (its answer was lost) is that batch, not a new one. Two captures of
 * one sheet have names of their own (their numbers in the session), whatever their bytes.
 */
export function captureBatchWithSameFile(db: Db, clientId: number, documentId: number, session: string, filename: string, sha256: string) {
  return db
    .selectFrom('scan_batches')
    .select('id')
    .where('client_id', '=', clientId)
    .where('document_id', '=', documentId)
    .where('capture_session', '=', session)
    .where('filename', '=', filename)
    .where('sha256', '=', sha256)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * The card's live batches of its latest `limit` list items, newest item first: an uploaded file is
 * an item, a capture session (however many sheets) is one, ranked by its latest sheet.
 */
export async function batchesOfListItems(db: Db, clientId: number, documentId: number, limit: number) {
  const unit = sql<string>`coalesce(capture_session, concat('#', id))`;
  const live = db.selectFrom('scan_batches').where('client_id', '=', clientId).where('document_id', '=', documentId).where('deleted_at', 'is', null);
  const units = await live.select([unit.as('unit'), sql<number>`max(id)`.as('last')]).groupBy(unit).orderBy('last', 'desc').limit(limit).execute();
  if (units.length === 0) return [];
  const sessions = units.filter((u) => !u.unit.startsWith('#')).map((u) => u.unit);
  const plain = units.filter((u) => u.unit.startsWith('#')).map((u) => Number(u.last));
  return live
    .selectAll()
    .where((eb) => eb.or([...(plain.length ? [eb('id', 'in', plain)] : []), ...(sessions.length ? [eb('capture_session', 'in', sessions)] : [])]))
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Deletes a session's live sheets softly, all at one instant; or restores the sheets deleted at its
 * latest such instant (an undo brings back exactly what the delete took, not a sheet deleted on its own before).
 */
export async function setCaptureDeleted(db: Db, clientId: number, documentId: number, session: string, deleted: boolean): Promise<number> {
  const ofSession = db.updateTable('scan_batches').where('client_id', '=', clientId).where('document_id', '=', documentId).where('capture_session', '=', session);
  if (deleted) {
    const result = await ofSession.set({ deleted_at: new Date() }).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
  const last = await db
    .selectFrom('scan_batches')
    .select(sql<Date | null>`max(deleted_at)`.as('at'))
    .where('client_id', '=', clientId)
    .where('document_id', '=', documentId)
    .where('capture_session', '=', session)
    .executeTakeFirstOrThrow();
  if (!last.at) return 0;
  const result = await ofSession.set({ deleted_at: null }).where('deleted_at', '=', last.at).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The card's batches of these ids (the phone's sheets), deleted ones too. */
export function batchesByIds(db: Db, clientId: number, documentId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('scan_batches').selectAll().where('client_id', '=', clientId).where('document_id', '=', documentId).where('id', 'in', ids).execute();
}

/** The school's captured sheets still to read (their parts): a new sheet's fair rank counts these, not the school's scanner stacks. */
export async function pendingCaptureParts(db: Db, clientId: number): Promise<number> {
  const row = await db
    .selectFrom('scan_batch_parts as p')
    .innerJoin('scan_batches as b', 'b.id', 'p.batch_id')
    .select(sql<number>`count(*)`.as('n'))
    .where('p.client_id', '=', clientId)
    .where('p.state', 'in', ['queued', 'reading'])
    .where('b.capture_session', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
