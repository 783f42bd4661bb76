import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyView } from '../../src/shared/schemas/scores';
import { scanSchool, storeScanCard, writtenTestMap } from '../support/scan-fixtures';
import type { Signed } from '../support/card-fixtures';
import { trpcCall } from '../support/school-admin';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Written questions in the key (issue 25 phase 2, docs/grading.md "The maximum"): every free-answer
// question of the map is a row of 答案與配分 with its maximum in half points, counted in 滿分 once
// saved, through both doors. Map: q1–3 single, q4 multi, q5 single; q6 free with a 0…10 score
// field, q7 free without one (tests/support/scan-fixtures.ts writtenTestMap).
let app: TestApp;
let teacher: Signed;
let card = { id: 0, guid: '' };

const cards = (body: Record<string, unknown>) => legacy(app, 'cards', { guid: card.guid, ...body }, teacher.token);
const keyView = async () => (await trpcCall(app, 'scores.key', 'query', { guid: card.guid }, teacher.token)).data as KeyView;

beforeAll(async () => {
  app = await startTestApp();
  teacher = await scanSchool(app);
  card = await storeScanCard(app.deps.db, app.deps.storage, teacher, '段考', writtenTestMap());
}, 60_000);
afterAll(() => app.close());

describe('written questions in the key', () => {
  it('lists each written question after the choice rows, its score fields’ maximum offered, nothing counted before a save', async () => {
    const view = await keyView();
    expect(view.questions.map((q) => q.q)).toEqual([1, 2, 3, 4, 5]);
    expect(view.written).toEqual([
      { q: 6, showno: '6', page: 2, points: 10, field_max: 10, saved: false, bonus: false, dropped: false },
      { q: 7, showno: '7', page: 2, points: 0, field_max: null, saved: false, bonus: false, dropped: false },
    ]);
    expect(view.max_score).toBe(0);
  });

  it('legacy save answerKey takes a written question’s points alone, in halves; refuses an answer or a third of a point and saves nothing', async () => {
    const withAnswer = await cards({ method: 'save', action: 'answerKey', key: { 1: { answer: 'A' }, 7: { answer: 'A', points: 8 } } });
    expect([withAnswer.status, withAnswer.body.message]).toEqual([400, '第 7 題是非選擇題，只能設定配分（不填答案、規則或其他答案）']);
    const third = await cards({ method: 'save', action: 'answerKey', key: { 7: { points: 7.25 } } });
    expect([third.status, third.body.message, third.body.fields]).toEqual([400, '分數須為 0 到 100 之間，以 0.5 分為單位', { 'key.7.points': '分數須為 0 到 100 之間，以 0.5 分為單位' }]);
    expect(await app.deps.db.selectFrom('answer_keys').select('id').where('document_id', '=', card.id).execute()).toHaveLength(0);

    const saved = await cards({ method: 'save', action: 'answerKey', key: { 1: { answer: 'A', points: 2 }, 2: { answer: 'B' }, 7: { points: 7.5 } } });
    expect([saved.status, saved.body.message]).toEqual([200, '已儲存答案與配分']);
    const got = (await cards({ method: 'get', action: 'answerKey' })).body.data as { key: Record<string, Record<string, unknown>>; max_score: number };
    expect(got.key['7']).toEqual({ showno: '7', kind: 'free', page: 2, points: 7.5, field_max: null, saved: true, bonus: false, dropped: false });
    expect(got.key['6']).toMatchObject({ kind: 'free', saved: false, points: 10 });
    expect(got.max_score).toBe(2 + 1 + 7.5);
  });

  it('tRPC saveKey saves written maxima beside the choice rows; dropped leaves 滿分, bonus stays in it', async () => {
    const bad = await trpcCall(app, 'scores.saveKey', 'mutation', { guid: card.guid, questions: [], written: [{ q: 6, points: 8.3 }] }, teacher.token);
    expect(bad.status).toBe(400);
    const unknown = await trpcCall(app, 'scores.saveKey', 'mutation', { guid: card.guid, questions: [], written: [{ q: 3, points: 8 }] }, teacher.token);
    expect([unknown.status, unknown.error?.message]).toEqual([400, '第 3 題不在此試卷上，或不是可計分的選擇題']);
    const ok = await trpcCall(app, 'scores.saveKey', 'mutation', { guid: card.guid, questions: [], written: [{ q: 6, points: 10 }] }, teacher.token);
    expect(ok.status).toBe(200);
    let view = await keyView();
    expect(view.written.map((w) => [w.q, w.points, w.saved])).toEqual([[6, 10, true], [7, 7.5, true]]);
    expect(view.max_score).toBe(3 + 10 + 7.5);
    await trpcCall(app, 'scores.saveKey', 'mutation', { guid: card.guid, questions: [], written: [{ q: 7, points: 7.5, dropped: true }, { q: 6, points: 10, bonus: true }] }, teacher.token);
    view = await keyView();
    expect(view.max_score).toBe(3 + 10);
  });

  it('another school reaches no written row', async () => {
    const stranger = await scanSchool(app);
    const reply = await legacy(app, 'cards', { method: 'save', action: 'answerKey', guid: card.guid, key: { 7: { points: 1 } } }, stranger.token);
    expect(reply.status).toBe(404);
    expect((await keyView()).written.find((w) => w.q === 7)?.points).toBe(7.5);
  });
});
