import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { RubricScoring } from '../../shared/scoring/written-points';
import { isDuplicateKey } from './duplicate-key';

// Rubrics of a card's written questions (migrations 0710–0711, docs/grading.md). A rubric is saved
// whole under optimistic concurrency: the caller names the version it last saw (0: none yet) and a
// save over another version changes nothing and answers `conflict` with the rubric as it is now.
// Items keep their ids through edits, so grades that applied an item follow its new points.

export interface RubricItem {
  id: number;
  position: number;
  points: number;
  description: string;
}

export interface Rubric {
  id: number;
  q: number;
  scoring: RubricScoring;
  version: number;
  username: string;
  updated_at: Date;
  items: RubricItem[];
}

export interface Owner {
  client_id: number;
  document_id: number;
  user_id: number | null;
  username: string;
}

/** Every rubric of a card with its items in order; `q` narrows to one question. */
export async function rubricsOfCard(db: Db, clientId: number, documentId: number, q?: number): Promise<Rubric[]> {
  let query = db.selectFrom('written_rubrics').selectAll().where('client_id', '=', clientId).where('document_id', '=', documentId);
  if (q !== undefined) query = query.where('q', '=', q);
  const rubrics = await query.orderBy('q').execute();
  if (rubrics.length === 0) return [];
  const items = await db
    .selectFrom('rubric_items')
    .selectAll()
    .where(
      'rubric_id',
      'in',
      rubrics.map((r) => r.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rubrics.map((r) => ({
    id: r.id,
    q: r.q,
    scoring: r.scoring,
    version: r.version,
    username: r.username,
    updated_at: r.updated_at,
    items: items.filter((i) => i.rubric_id === r.id).map((i) => ({ id: i.id, position: i.position, points: Number(i.points), description: i.description })),
  }));
}

export interface RubricSave {
  scoring: RubricScoring;
  /** In order; an item with an id must already be one of this rubric's. */
  items: readonly { id?: number; points: number; description: string }[];
}

export type RubricSaveResult = { status: 'saved'; rubric: Rubric } | { status: 'conflict'; current: Rubric | null } | { status: 'unknown-item' };

/**
 * Saves question `q`'s rubric if it is still at `version` (0: not yet created). Inside the
 * caller's transaction: items left out are deleted (and so taken off every grade that had them),
 * items with an id updated in place, new ones inserted.
 */
export async function saveRubric(trx: Db, owner: Owner, q: number, version: number, value: RubricSave): Promise<RubricSaveResult> {
  const current = async () => (await rubricsOfCard(trx, owner.client_id, owner.document_id, q))[0] ?? null;
  const found = await trx.selectFrom('written_rubrics').select('id').where('client_id', '=', owner.client_id).where('document_id', '=', owner.document_id).where('q', '=', q).executeTakeFirst();
  // Items only change under a version rise, so what is read here holds if the update below succeeds.
  const existing = new Set(found ? (await trx.selectFrom('rubric_items').select('id').where('rubric_id', '=', found.id).execute()).map((i) => i.id) : []);
  if (value.items.some((item) => item.id !== undefined && !existing.has(item.id))) return found || version === 0 ? { status: 'unknown-item' } : { status: 'conflict', current: null };
  let rubricId: number;
  if (version === 0) {
    try {
      const inserted = await trx.insertInto('written_rubrics').values({ ...owner, q, scoring: value.scoring }).executeTakeFirstOrThrow();
      rubricId = Number(inserted.insertId);
    } catch (error) {
      if (isDuplicateKey(error)) return { status: 'conflict', current: await current() };
      throw error;
    }
  } else {
    const updated = await trx
      .updateTable('written_rubrics')
      .set({ scoring: value.scoring, version: sql`version + 1`, user_id: owner.user_id, username: owner.username, updated_at: sql`CURRENT_TIMESTAMP(3)` })
      .where('client_id', '=', owner.client_id)
      .where('document_id', '=', owner.document_id)
      .where('q', '=', q)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0 || !found) return { status: 'conflict', current: await current() };
    rubricId = found.id;
  }
  const kept = new Set(value.items.flatMap((item) => (item.id === undefined ? [] : [item.id])));
  const gone = [...existing].filter((id) => !kept.has(id));
  if (gone.length > 0) await trx.deleteFrom('rubric_items').where('id', 'in', gone).execute();
  for (const [index, item] of value.items.entries()) {
    const row = { position: index + 1, points: item.points, description: item.description };
    if (item.id === undefined) await trx.insertInto('rubric_items').values({ ...row, rubric_id: rubricId }).execute();
    else await trx.updateTable('rubric_items').set(row).where('id', '=', item.id).where('rubric_id', '=', rubricId).execute();
  }
  return { status: 'saved', rubric: await current() };
}

/** How many grades of the card apply each item of question `q`'s rubric: what an item edit re-scores. */
export async function gradesPerItem(db: Db, clientId: number, documentId: number, q: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('written_grade_items as gi')
    .innerJoin('written_grades as g', 'g.id', 'gi.grade_id')
    .select(['gi.item_id', (eb) => eb.fn.countAll<number>().as('grades')])
    .where('g.client_id', '=', clientId)
    .where('g.document_id', '=', documentId)
    .where('g.q', '=', q)
    .groupBy('gi.item_id')
    .execute();
  return new Map(rows.map((r) => [r.item_id, Number(r.grades)]));
}
