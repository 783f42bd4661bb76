import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { insertDocument } from '../../src/data/repos/documents.repo';
import { gradesPerItem, rubricsOfCard, saveRubric, type Owner, type Rubric } from '../../src/data/repos/rubrics.repo';
import { keyRows, upsertKeyRows } from '../../src/data/repos/scores.repo';
import { replaceRoster } from '../../src/data/repos/students.repo';
import { gradesOfCard, removeGrade, saveGrade, type GradeSave } from '../../src/data/repos/written-grades.repo';
import { givePoints } from '../../src/data/repos/written-scores.repo';
import { writtenPoints } from '../../src/shared/scoring/written-points';
import { createSchool, createUser } from '../support/fixtures';

// The data layer of written grading (migrations 0710–0713, docs/grading.md) on the real database:
// rubrics and grades under optimistic concurrency (two teachers at once never overwrite each
// other), a rubric edit re-scoring everyone graded with the item, points given in bulk, tenancy,
// and grades that survive a roster re-import.
let db: Db;
let owner: Owner;
let other: Owner;
let students: number[];

const tx = <T>(work: (trx: Db) => Promise<T>) => db.transaction().execute((trx) => work(trx));
const byItems = (itemIds: number[], adjustment = 0, comment = ''): GradeSave => ({ points: null, adjustment, comment, source: 'screen', itemIds });
/** Each student's points on question q as the totals will count them: the rubric as it is now, max 10. */
async function pointsOf(q: number): Promise<Record<number, number>> {
  const [rubric] = await rubricsOfCard(db, owner.client_id, owner.document_id, q);
  const grades = await gradesOfCard(db, owner.client_id, owner.document_id, q);
  return Object.fromEntries(grades.map((g) => [g.student_id, writtenPoints(g, rubric ?? null, 10).points]));
}

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, 4);
  const owners: Owner[] = [];
  for (const name of ['甲', '乙']) {
    const school = await createSchool(db);
    const user = await createUser(db, school.id, { name: `${name}老師` });
    const document = await insertDocument(db, { guid: randomUUID(), kind: 'card', client_id: school.id, user_id: user.id, title: '閱卷', mode: 'mixed', size: 'A4', privacy: 'client', source_id: null, pdf_key: null });
    owners.push({ client_id: school.id, document_id: document, user_id: user.id, username: `${name}老師` });
  }
  [owner, other] = owners;
  await replaceRoster(db, owner.client_id, Array.from({ length: 5 }, (_, i) => ({ grade: 8, class: 3, seat: i + 1, number: `81030${i + 1}`, name: `學生${i + 1}` })));
  students = (await db.selectFrom('students').select('id').where('client_id', '=', owner.client_id).orderBy('seat').execute()).map((s) => s.id);
});
afterAll(() => db.destroy());

describe('rubrics', () => {
  let rubric: Rubric;

  it('creates a rubric once: a second teacher creating it too gets a conflict with the first one’s', async () => {
    const first = await tx((trx) => saveRubric(trx, owner, 11, 0, { scoring: 'positive', items: [{ points: 2, description: '列式正確' }, { points: 3, description: '計算正確' }, { points: 1, description: '單位' }] }));
    expect(first.status).toBe('saved');
    rubric = (first as { rubric: Rubric }).rubric;
    expect(rubric).toMatchObject({ q: 11, scoring: 'positive', version: 1, username: '甲老師' });
    expect(rubric.items.map((i) => [i.position, i.points, i.description])).toEqual([[1, 2, '列式正確'], [2, 3, '計算正確'], [3, 1, '單位']]);
    const second = await tx((trx) => saveRubric(trx, { ...owner, username: '另一位老師' }, 11, 0, { scoring: 'negative', items: [] }));
    expect(second).toMatchObject({ status: 'conflict', current: { version: 1, username: '甲老師', scoring: 'positive' } });
  });

  it('refuses an edit over a version it did not see, and an item of another rubric, changing nothing', async () => {
    const [a, b, c] = rubric.items;
    const edited = await tx((trx) => saveRubric(trx, owner, 11, 1, { scoring: 'positive', items: [{ id: b.id, points: 3, description: '計算正確' }, { id: a.id, points: 2, description: '列式正確' }, { id: c.id, points: 1, description: '單位' }] }));
    expect(edited).toMatchObject({ status: 'saved', rubric: { version: 2 } });
    const stale = await tx((trx) => saveRubric(trx, owner, 11, 1, { scoring: 'negative', items: [] }));
    expect(stale).toMatchObject({ status: 'conflict', current: { version: 2, scoring: 'positive' } });
    const foreign = await tx((trx) => saveRubric(trx, owner, 12, 0, { scoring: 'positive', items: [{ id: a.id, points: 1, description: '' }] }));
    expect(foreign).toEqual({ status: 'unknown-item' });
    expect((await rubricsOfCard(db, owner.client_id, owner.document_id, 11))[0].items.map((i) => i.id)).toEqual([b.id, a.id, c.id]);
    expect(await rubricsOfCard(db, owner.client_id, owner.document_id, 12)).toEqual([]);
    rubric = (await rubricsOfCard(db, owner.client_id, owner.document_id, 11))[0];
  });

  it('re-scores everyone graded with an item when the item changes, and no one else; a removed item stops counting', async () => {
    const [calc, setup, unit] = rubric.items; // 3, 2, 1 points
    for (const s of students.slice(0, 3)) expect((await tx((trx) => saveGrade(trx, owner, s, 11, 0, byItems([setup.id, calc.id])))).status).toBe('saved');
    await tx((trx) => saveGrade(trx, owner, students[3], 11, 0, byItems([setup.id, unit.id], 0.5)));
    expect(await pointsOf(11)).toEqual({ [students[0]]: 5, [students[1]]: 5, [students[2]]: 5, [students[3]]: 3.5 });
    expect(Object.fromEntries(await gradesPerItem(db, owner.client_id, owner.document_id, 11))).toEqual({ [calc.id]: 3, [setup.id]: 4, [unit.id]: 1 });

    await tx((trx) => saveRubric(trx, owner, 11, rubric.version, { scoring: 'positive', items: [{ id: calc.id, points: 4.5, description: '計算正確' }, { id: setup.id, points: 2, description: '列式正確' }, { id: unit.id, points: 1, description: '單位' }] }));
    expect(await pointsOf(11)).toEqual({ [students[0]]: 6.5, [students[1]]: 6.5, [students[2]]: 6.5, [students[3]]: 3.5 });

    rubric = (await rubricsOfCard(db, owner.client_id, owner.document_id, 11))[0];
    await tx((trx) => saveRubric(trx, owner, 11, rubric.version, { scoring: 'positive', items: [{ id: calc.id, points: 4.5, description: '計算正確' }, { id: unit.id, points: 1, description: '單位' }] }));
    expect(await pointsOf(11)).toEqual({ [students[0]]: 4.5, [students[1]]: 4.5, [students[2]]: 4.5, [students[3]]: 1.5 });
    expect((await gradesOfCard(db, owner.client_id, owner.document_id, 11)).find((g) => g.student_id === students[3])!.itemIds).toEqual([unit.id]);
  });
});

describe('grades', () => {
  it('lets only one of two teachers saving the same answer at once win; the other is told whose grade is there', async () => {
    const save = (username: string, points: number, version: number) => tx((trx) => saveGrade(trx, { ...owner, username }, students[0], 12, version, { points, adjustment: 0, comment: '', source: 'screen', itemIds: [] }));
    const created = await Promise.all([save('王老師', 6, 0), save('李老師', 7, 0)]);
    expect(created.map((r) => r.status).sort()).toEqual(['conflict', 'saved']);
    const winner = created.find((r) => r.status === 'saved') as { grade: { username: string; points: number; version: number } };
    expect(created.find((r) => r.status === 'conflict')).toMatchObject({ current: { username: winner.grade.username, points: winner.grade.points, version: 1 } });

    const edits = await Promise.all([save('王老師', 8, 1), save('李老師', 9, 1)]);
    expect(edits.map((r) => r.status).sort()).toEqual(['conflict', 'saved']);
    const [stored] = (await gradesOfCard(db, owner.client_id, owner.document_id, 12)).filter((g) => g.student_id === students[0]);
    expect(stored.version).toBe(2);
    expect([8, 9]).toContain(stored.points);
    expect(stored.username).toBe(stored.points === 8 ? '王老師' : '李老師');
  });

  it('refuses items of another question’s rubric or another school', async () => {
    const [item] = (await rubricsOfCard(db, owner.client_id, owner.document_id, 11))[0].items;
    expect(await tx((trx) => saveGrade(trx, owner, students[1], 12, 0, byItems([item.id])))).toEqual({ status: 'unknown-item' });
    expect(await tx((trx) => saveGrade(trx, other, students[1], 11, 0, byItems([item.id])))).toEqual({ status: 'unknown-item' });
  });

  it('keeps each school to its own grades', async () => {
    expect(await gradesOfCard(db, other.client_id, owner.document_id)).toEqual([]);
    const intruder = { ...owner, client_id: other.client_id };
    expect(await tx((trx) => saveGrade(trx, intruder, students[0], 11, 1, byItems([])))).toMatchObject({ status: 'conflict', current: null });
    expect(await tx((trx) => removeGrade(trx, intruder, students[0], 11, 1))).toBe(false);
    expect(await pointsOf(11)).toMatchObject({ [students[0]]: 4.5 });
  });

  it('gives points in bulk over rubric grades: items off, versions up, comments kept unless given', async () => {
    await tx((trx) => saveGrade(trx, owner, students[4], 11, 0, byItems([], 2, '字跡工整')));
    const before = await gradesOfCard(db, owner.client_id, owner.document_id, 11);
    await tx((trx) => givePoints(trx, owner, 'typed', [{ student_id: students[3], q: 11, points: 7.5 }, { student_id: students[4], q: 11, points: 9, comment: '' }, { student_id: students[2], q: 13, points: 2 }]));
    const after = await gradesOfCard(db, owner.client_id, owner.document_id);
    const of = (s: number, q: number) => after.find((g) => g.student_id === s && g.q === q)!;
    expect(of(students[3], 11)).toMatchObject({ points: 7.5, itemIds: [], source: 'typed', version: before.find((g) => g.student_id === students[3])!.version + 1 });
    expect(of(students[4], 11)).toMatchObject({ points: 9, comment: '' });
    expect(of(students[2], 13)).toMatchObject({ points: 2, version: 1 });
    expect(of(students[0], 11).itemIds).toHaveLength(1); // untouched
    // The teacher who loaded student 4's grade before the bulk entry cannot overwrite it.
    const stale = before.find((g) => g.student_id === students[3])!;
    expect(await tx((trx) => saveGrade(trx, owner, students[3], 11, stale.version, byItems([])))).toMatchObject({ status: 'conflict', current: { points: 7.5, source: 'typed' } });
    await tx((trx) => givePoints(trx, owner, 'legacy', [{ student_id: students[2], q: 13, points: 3 }]));
    expect((await gradesOfCard(db, owner.client_id, owner.document_id, 13))[0]).toMatchObject({ points: 3, source: 'legacy', version: 2 });
  });

  it('takes a grade back only at the version seen', async () => {
    const [g] = await gradesOfCard(db, owner.client_id, owner.document_id, 13);
    expect(await tx((trx) => removeGrade(trx, owner, g.student_id, 13, g.version - 1))).toBe(false);
    expect(await tx((trx) => removeGrade(trx, owner, g.student_id, 13, g.version))).toBe(true);
    expect(await gradesOfCard(db, owner.client_id, owner.document_id, 13)).toEqual([]);
  });

  it('survive a roster re-import, which deletes and re-inserts the school’s students under the same ids', async () => {
    const before = (await gradesOfCard(db, owner.client_id, owner.document_id)).length;
    const roster = await db.selectFrom('students').select(['grade', 'class', 'seat', 'number', 'name']).where('client_id', '=', owner.client_id).execute();
    await tx((trx) => replaceRoster(trx, owner.client_id, roster));
    expect((await gradesOfCard(db, owner.client_id, owner.document_id)).length).toBe(before);
  });
});

describe('written maxima in the answer key', () => {
  it('stores a free question’s maximum as its key row’s points, in halves', async () => {
    await upsertKeyRows(db, { ...owner, user_id: owner.user_id! }, [{ q: 11, answer: '', accepted: [], points: 7.5, rule: 'all', bonus: false, dropped: false }]);
    expect((await keyRows(db, owner.client_id, owner.document_id)).map((r) => [r.q, Number(r.points)])).toEqual([[11, 7.5]]);
  });
});
