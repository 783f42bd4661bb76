import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { NewPrintLog } from '../db/tables/documents.table';

// Print-log rows: written by the print service, read and removed per card by its school.

export async function insertPrintLog(db: Db, values: NewPrintLog): Promise<number> {
  const result = await db.insertInto('print_logs').values(values).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** A card's log rows, each with the versions its print ticket made (`ticket_key` is `<ticket>-<class>` or `<ticket>-all`). */
/** The files of a document's print logs. */
export function printLogKeys(db: Db, documentId: number) {
  return db.selectFrom('print_logs').select('storage_key').where('document_id', '=', documentId).execute();
}

export function listPrintLogs(db: Db, documentId: number) {
  return db
    .selectFrom('print_logs as l')
    .leftJoin('print_tickets as t', (join) => join.on(sql<boolean>`t.id = cast(substring_index(l.ticket_key, '-', 1) as unsigned)`).onRef('t.document_id', '=', 'l.document_id'))
    .select(['l.id', 'l.filename', 'l.class', 'l.username', 'l.created_at', 't.versions', 't.version_by'])
    .where('l.document_id', '=', documentId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
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
