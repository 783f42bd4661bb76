import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { GradeSource } from '../../shared/scoring/written-points';
import { isDuplicateKey } from './duplicate-key';
import type { Owner } from './rubrics.repo';

// Grades of written answers (migrations 0712–0713, docs/grading.md): what a teacher did — points
// given, or rubric items applied plus an adjustment — with a comment, who, when and a version.
// Points are never stored as a total: src/shared/scoring/written-points.ts counts them on read.

export interface WrittenGrade {
  id: number;
  student_id: number;
  q: number;
  points: number | null;
  adjustment: number;
  comment: string;
  source: GradeSource;
  version: number;
  username: string;
  updated_at: Date;
  itemIds: number[];
}

/** The card's grades (one question's with `q`), each with the rubric items it applied. */
export async function gradesOfCard(db: Db, clientId: number, documentId: number, q?: number): Promise<WrittenGrade[]> {
  let query = db.selectFrom('written_grades').selectAll().where('client_id', '=', clientId).where('document_id', '=', documentId);
  if (q !== undefined) query = query.where('q', '=', q);
  const rows = await query.orderBy('q').orderBy('student_id').execute();
  if (rows.length === 0) return [];
  const applied = await db
    .selectFrom('written_grade_items as gi')
    .innerJoin('written_grades as g', 'g.id', 'gi.grade_id')
    .select(['gi.grade_id', 'gi.item_id'])
    .where('g.client_id', '=', clientId)
    .where('g.document_id', '=', documentId)
    .$if(q !== undefined, (qb) => qb.where('g.q', '=', q!))
    .orderBy('gi.item_id')
    .execute();
  const items = new Map<number, number[]>();
  for (const a of applied) items.set(a.grade_id, [...(items.get(a.grade_id) ?? []), a.item_id]);
  return rows.map((r) => ({
    id: r.id,
    student_id: r.student_id,
    q: r.q,
    points: r.points === null ? null : Number(r.points),
    adjustment: Number(r.adjustment),
    comment: r.comment,
    source: r.source,
    version: r.version,
    username: r.username,
    updated_at: r.updated_at,
    itemIds: items.get(r.id) ?? [],
  }));
}

export interface GradeSave {
  points: number | null;
  adjustment: number;
  comment: string;
  source: GradeSource;
  itemIds: readonly number[];
}

export type GradeSaveResult = { status: 'saved'; grade: WrittenGrade } | { status: 'conflict'; current: WrittenGrade | null } | { status: 'unknown-item' };

/** One student's answer to one question of the owner's card: the row a grade is. */
const answerOf = (owner: Owner, studentId: number, q: number) => ({ client_id: owner.client_id, document_id: owner.document_id, student_id: studentId, q });

const gradeOf = async (db: Db, owner: Owner, studentId: number, q: number) =>
  (await gradesOfCard(db, owner.client_id, owner.document_id, q)).find((g) => g.student_id === studentId) ?? null;

/**
 * Saves one student's grade on question `q` if it is still at `version` (0: not graded yet), in
 * the caller's transaction. Another teacher's save in between makes this one change nothing and
 * answer `conflict` with their grade; items must be of question `q`'s rubric of this card.
 */
export async function saveGrade(trx: Db, owner: Owner, studentId: number, q: number, version: number, value: GradeSave): Promise<GradeSaveResult> {
  const ids = [...new Set(value.itemIds)];
  if (ids.length > 0) {
    const known = await trx
      .selectFrom('rubric_items as i')
      .innerJoin('written_rubrics as r', 'r.id', 'i.rubric_id')
      .select('i.id')
      .where('r.client_id', '=', owner.client_id)
      .where('r.document_id', '=', owner.document_id)
      .where('r.q', '=', q)
      .where('i.id', 'in', ids)
      .execute();
    if (known.length !== ids.length) return { status: 'unknown-item' };
  }
  const fields = { points: value.points, adjustment: value.adjustment, comment: value.comment, source: value.source, user_id: owner.user_id, username: owner.username };
  let gradeId: number;
  if (version === 0) {
    try {
      const inserted = await trx.insertInto('written_grades').values({ ...fields, ...answerOf(owner, studentId, q) }).executeTakeFirstOrThrow();
      gradeId = Number(inserted.insertId);
    } catch (error) {
      if (isDuplicateKey(error)) return { status: 'conflict', current: await gradeOf(trx, owner, studentId, q) };
      throw error;
    }
  } else {
    const found = await gradeOf(trx, owner, studentId, q);
    const updated = await trx
      .updateTable('written_grades')
      .set({ ...fields, version: sql`version + 1`, updated_at: sql`CURRENT_TIMESTAMP(3)` })
      .where((eb) => eb.and({ ...answerOf(owner, studentId, q), version }))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0 || !found) return { status: 'conflict', current: await gradeOf(trx, owner, studentId, q) };
    gradeId = found.id;
    await trx.deleteFrom('written_grade_items').where('grade_id', '=', gradeId).execute();
  }
  if (ids.length > 0) await trx.insertInto('written_grade_items').values(ids.map((item_id) => ({ grade_id: gradeId, item_id }))).execute();
  return { status: 'saved', grade: (await gradeOf(trx, owner, studentId, q))! };
}

/** Takes a grade back (the answer is ungraded again) if it is still at `version`; false when someone changed or removed it meanwhile. */
export async function removeGrade(trx: Db, owner: Owner, studentId: number, q: number, version: number): Promise<boolean> {
  const removed = await trx
    .deleteFrom('written_grades')
    .where((eb) => eb.and({ ...answerOf(owner, studentId, q), version }))
    .executeTakeFirst();
  return Number(removed.numDeletedRows) === 1;
}
