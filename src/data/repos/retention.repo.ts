import type { Db } from '../db/database';

// What the retention job (src/worker/jobs/prune-files.ts, docs/deployment.md "Retention") asks of
// the database before it deletes files: which documents and schools still exist, which conversion
// files a row names, and the print logs past their days.

/** The ids among `ids` that still have a documents row. */
export async function existingDocumentIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const rows = ids.length === 0 ? [] : await db.selectFrom('documents').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((d) => d.id));
}

/** The ids among `ids` that still have a clients row. */
export async function existingClientIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const rows = ids.length === 0 ? [] : await db.selectFrom('clients').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((s) => s.id));
}

/** Every conversion's files a documents row names (a copy may name its source's). */
export function pdfKeysInUse(db: Db) {
  return db.selectFrom('documents').select(['pdf_key', 'geometry_key']).where('pdf_key', 'like', 'pdf/%').execute();
}

/** The oldest print logs created before `cutoff`, at most `limit`. */
export function oldPrintLogs(db: Db, cutoff: Date, limit: number) {
  return db.selectFrom('print_logs').select(['id', 'storage_key']).where('created_at', '<', cutoff).orderBy('id').limit(limit).execute();
}

export async function deletePrintLogRows(db: Db, ids: readonly number[]): Promise<void> {
  await db.deleteFrom('print_logs').where('id', 'in', ids).execute();
}
