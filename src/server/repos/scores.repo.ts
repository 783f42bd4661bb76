import { sql } from 'kysely';
import type { Db } from '../db/database';

// Answer keys (migration 0700) and the scanned answer-key sheets of a card (scan pages with
// status `key`), for the scores services (docs/scores.md).

export function keyRows(db: Db, clientId: number, documentId: number) {
  return db.selectFrom('answer_keys').selectAll().where('client_id', '=', clientId).where('document_id', '=', documentId).orderBy('q').execute();
}
export type KeyRowView = Awaited<ReturnType<typeof keyRows>>[number];

export interface KeyRowInput {
  q: number;
  answer: string;
  accepted: string[];
  points: number;
  rule: string;
  bonus: boolean;
  dropped: boolean;
}

/** Writes the given questions of a card's key in one statement (each replaces its own row). */
export async function upsertKeyRows(db: Db, owner: { client_id: number; document_id: number; user_id: number; username: string }, rows: readonly KeyRowInput[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => ({ ...owner, q: r.q, answer: r.answer, accepted: JSON.stringify(r.accepted), points: r.points, rule: r.rule, bonus: r.bonus, dropped: r.dropped }));
  await db
    .insertInto('answer_keys')
    .values(values)
    .onDuplicateKeyUpdate({
      answer: sql`VALUES(answer)`,
      accepted: sql`VALUES(accepted)`,
      points: sql`VALUES(points)`,
      rule: sql`VALUES(rule)`,
      bonus: sql`VALUES(bonus)`,
      dropped: sql`VALUES(dropped)`,
      user_id: sql`VALUES(user_id)`,
      username: sql`VALUES(username)`,
      updated_at: sql`CURRENT_TIMESTAMP(3)`,
    })
    .execute();
}

/** The card's scanned answer-key pages, newest first, without the discarded ones. */
export function keyPages(db: Db, clientId: number, documentId: number) {
  return db
    .selectFrom('scan_pages as p')
    .innerJoin('scan_batches as b', 'b.id', 'p.batch_id')
    .leftJoin('scan_corrections as dc', (join) => join.onRef('dc.page_id', '=', 'p.id').on('dc.kind', '=', 'discard'))
    .select(['p.id', 'p.card_page', 'p.answers', 'p.created_at'])
    .where('b.deleted_at', 'is', null)
    .where('p.client_id', '=', clientId)
    .where('p.document_id', '=', documentId)
    .where('p.status', '=', 'key')
    .where('dc.id', 'is', null)
    .orderBy('p.id', 'desc')
    .execute();
}
