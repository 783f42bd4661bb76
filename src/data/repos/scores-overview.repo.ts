import type { Db } from '../db/database';

/**
 * The cards of a school that have scans, newest scan first, with the fields the tenancy rule
 * reads (document-access.ts mayRead) and the time of their latest upload.
 */
export function scannedCards(db: Db, clientId: number) {
  return db
    .selectFrom('documents as d')
    .innerJoin('scan_batches as b', 'b.document_id', 'd.id')
    .select((eb) => ['d.id', 'd.guid', 'd.title', 'd.kind', 'd.privacy', 'd.client_id', 'd.user_id', 'd.author', eb.fn.max('b.created_at').as('last_scan_at'), eb.fn.count<number>('b.id').as('batches')])
    .where('d.client_id', '=', clientId)
    .where('d.kind', '=', 'card')
    .groupBy(['d.id', 'd.guid', 'd.title', 'd.kind', 'd.privacy', 'd.client_id', 'd.user_id', 'd.author'])
    .orderBy('last_scan_at', 'desc')
    .execute();
}
