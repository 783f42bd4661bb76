import { sql } from 'kysely';
import type { Db } from '../db/database';

// Answer keys (migration 0700) and the scanned answer-key sheets of a card (scan pages with
// status `key`), for the scores services (docs/scores.md).

export function keyRows(db: Db, clientId: number, documentId: number) {
  return db.selectFrom('answer_keys').selectAll().where('client_id', '=', clientId).where('document_id', '=', documentId).orderBy('q').execute();
}

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
    .select(['p.id', 'p.card_page', 'p.answers', 'p.created_at', 'p.version'])
    .where('b.deleted_at', 'is', null)
    .where('p.client_id', '=', clientId)
    .where('p.document_id', '=', documentId)
    .where('p.status', '=', 'key')
    .where('dc.id', 'is', null)
    .orderBy('p.id', 'desc')
    .execute();
}

/** The saved question orders of a card's versions (migration 0753), by version and printed question. */
export function versionRows(db: Db, clientId: number, documentId: number) {
  return db.selectFrom('version_questions').select(['version', 'q', 'master_q', 'options', 'updated_at']).where('client_id', '=', clientId).where('document_id', '=', documentId).orderBy('version').orderBy('q').execute();
}

/** One version's order, replacing what it had, in one transaction. */
export async function replaceVersionRows(
  db: Db,
  owner: { client_id: number; document_id: number; user_id: number; username: string },
  version: string,
  rows: readonly { q: number; master: number; options: string[] | null }[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('version_questions').where('client_id', '=', owner.client_id).where('document_id', '=', owner.document_id).where('version', '=', version).execute();
    if (rows.length === 0) return;
    await trx
      .insertInto('version_questions')
      .values(rows.map((r) => ({ ...owner, version, q: r.q, master_q: r.master, options: r.options ? JSON.stringify(r.options) : null })))
      .execute();
  });
}

/** The versions the card's scanned sheets carry, with how many students' sheets each. */
export function scannedVersions(db: Db, clientId: number, documentId: number) {
  return db
    .selectFrom('scan_pages')
    .select(['version', sql<number>`count(distinct student_id)`.as('students')])
    .where('client_id', '=', clientId)
    .where('document_id', '=', documentId)
    .where('version', 'is not', null)
    .where('status', '<>', 'key')
    .groupBy('version')
    .execute();
}
