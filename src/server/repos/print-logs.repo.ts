import type { Db } from '../db/database';
import type { NewPrintLog } from '../db/tables/documents.table';

// Print-log rows: written by the print service, read and removed per card by its school.

export async function insertPrintLog(db: Db, values: NewPrintLog): Promise<number> {
  const result = await db.insertInto('print_logs').values(values).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export function listPrintLogs(db: Db, documentId: number) {
  return db
    .selectFrom('print_logs')
    .select(['id', 'filename', 'class', 'username', 'created_at'])
    .where('document_id', '=', documentId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A school's log row with its card's guid, so the service can apply the card's visibility. */
export function findPrintLog(db: Db, id: number, clientId: number) {
  return db
    .selectFrom('print_logs as l')
    .innerJoin('documents as d', 'd.id', 'l.document_id')
    .select(['l.id', 'l.filename', 'l.storage_key', 'd.guid'])
    .where('l.id', '=', id)
    .where('l.client_id', '=', clientId)
    .executeTakeFirst();
}

export async function deletePrintLog(db: Db, id: number): Promise<void> {
  await db.deleteFrom('print_logs').where('id', '=', id).execute();
}
