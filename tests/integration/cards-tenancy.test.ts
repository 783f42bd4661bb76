import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_ACTIONS } from '../../src/server/legacy/action-table';
import { insertPrintLog } from '../../src/data/repos/print-logs.repo';
import { insertBatch } from '../../src/data/repos/scan.repo';
import { ALL_CARD_PERMISSIONS, cardInfo, pageOptions, signedInSchool, type Signed } from '../support/card-fixtures';
import { scanSchool } from '../support/scan-fixtures';
import { trpcCall } from '../support/school-admin';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// School B's users, holding every card permission, aim every cards/templates action at school A's
// card, template, share and print log: each answer is 403 or 404, and A's rows stay as they were.
let app: TestApp;
let a: Signed;
let aAdmin: Signed;
const ids = { card: '', template: '', shared: '', log: 0, batch: 0 };

async function snapshot() {
  const db = app.deps.db;
  const docs = await db.selectFrom('documents').selectAll().where('client_id', '=', a.schoolId).orderBy('id').execute();
  const docIds = docs.map((d) => d.id);
  const pages = await db.selectFrom('document_pages').selectAll().where('document_id', 'in', docIds).orderBy('id').execute();
  const options = await db.selectFrom('document_options').selectAll().where('document_id', 'in', docIds).execute();
  const logs = await db.selectFrom('print_logs').selectAll().where('client_id', '=', a.schoolId).execute();
  const shares = await db.selectFrom('shares').selectAll().where('to_client_id', '=', a.schoolId).execute();
  const batches = await db.selectFrom('scan_batches').selectAll().where('client_id', '=', a.schoolId).execute();
  const total = await db.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return JSON.stringify({ docs, pages, options, logs, shares, batches, total });
}

function attacks(bSchool: number): [string, Record<string, unknown>][] {
  const { card, template, shared, log, batch } = ids;
  const page = { page: 1, options: pageOptions('入侵') };
  return [
    ['cards', { method: 'get', action: 'info', guid: card }],
    ['cards', { method: 'edit', action: 'info', guid: card, data: cardInfo('改名') }],
    ['cards', { method: 'delete', action: 'card', guid: card }],
    ['cards', { method: 'delete', action: 'template', guid: template }],
    ['cards', { method: 'delete', action: 'shares', guid: shared }],
    ['cards', { method: 'get', action: 'card', guid: card, page: 1 }],
    ['cards', { method: 'get', action: 'option', guid: card, code: 'p1', key: 'question_total' }],
    ['cards', { method: 'save', action: 'option', guid: card, code: 'p1', key: 'question_total', value: 99 }],
    ['cards', { method: 'save', action: 'card', guid: card, ...page }],
    ['cards', { method: 'get', action: 'disabled', guid: card }],
    ['cards', { method: 'get', action: 'backup', guid: card }],
    ['cards', { method: 'get', action: 'logs', guid: card }],
    ['cards', { method: 'save', action: 'PDF', guid: card }],
    ['cards', { method: 'get', action: 'perview', guid: card }],
    ['cards', { method: 'get', action: 'PDF', guid: card, grade: 1, class: 1 }],
    ['cards', { method: 'save', action: 'PDF', guid: template }],
    ['cards', { method: 'get', action: 'perview', guid: shared }],
    ['cards', { method: 'get', action: 'NumberPDF', guid: card }],
    ['templates', { method: 'get', action: 'NumberPDF', guid: template }],
    ['cards', { method: 'get', action: 'geometry', guid: card }],
    ['templates', { method: 'get', action: 'geometry', guid: template }],
    ['cards', { method: 'get', action: 'answers', guid: card }],
    ['cards', { method: 'get', action: 'answerKey', guid: card }],
    ['cards', { method: 'save', action: 'answerKey', guid: card, key: { 1: { answer: 'A', points: 1 } } }],
    ['cards', { method: 'get', action: 'scores', guid: card }],
    ['cards', { method: 'download', action: 'scores', guid: card, format: 'xlsx' }],
    ['cards', { method: 'download', action: 'keySheet', guid: card }],
    ['cards', { method: 'get', action: 'rubric', guid: card, q: 1 }],
    ['cards', { method: 'save', action: 'rubric', guid: card, q: 1, version: 0, scoring: 'positive', items: [{ points: 1, description: '偷' }] }],
    ['cards', { method: 'download', action: 'slips', guid: card, grade: 1, class: 1 }],
    ['cards', { method: 'save', action: 'writtenScores', guid: card, scores: [{ student_number: '1', q: 1, points: 1 }] }],
    // A's batches are A's: A's own batch, made in beforeAll (not an id another test happens to leave).
    ['cards', { method: 'get', action: 'scanBatch', batch_id: batch }],
    // Review through the legacy door (issue 24): A's card's queue, a decision on an item, a batch delete.
    ['cards', { method: 'get', action: 'review', guid: card }],
    ['cards', { method: 'save', action: 'correction', guid: card, item_id: 'q-1-1', answer: 'A' }],
    ['cards', { method: 'delete', action: 'scanBatch', batch_id: batch }],
    ['cards', { method: 'download', action: 'log', id: log }],
    ['cards', { method: 'delete', action: 'log', id: log }],
    ['cards', { method: 'copy', action: 'toTemplate', guid: card, title: '偷' }],
    ['cards', { method: 'copy', action: 'toPrivated', guid: card, title: '偷' }],
    ['cards', { method: 'copy', action: 'toPrivated', guid: template, title: '偷' }],
    ['cards', { method: 'copy', action: 'toShare', guid: card, title: '偷', client_id: bSchool }],
    ['cards', { method: 'copy', action: 'toClient', guid: template, client: bSchool }],
    ['cards', { method: 'create', action: 'info', data: { ...cardInfo('偷'), template_id: template } }],
    ['templates', { method: 'get', action: 'info', guid: template }],
    ['templates', { method: 'get', action: 'content', guid: template, page: 1 }],
    ['templates', { method: 'edit', action: 'info', guid: template, data: { title: '改', description: '', mode: 'omr', size: 'A4' } }],
    ['templates', { method: 'delete', action: 'template', guid: template }],
    ['templates', { method: 'save', action: 'template', guid: template, ...page }],
    ['templates', { method: 'copy', action: 'toClient', guid: template, client: bSchool }],
    ['templates', { method: 'save', action: 'PDF', guid: template }],
    ['templates', { method: 'get', action: 'perview', guid: template }],
    ['templates', { method: 'get', action: 'lists', client_id: a.schoolId }],
  ];
}

beforeAll(async () => {
  app = await startTestApp();
  a = await signedInSchool(app);
  aAdmin = await signedInSchool(app, 'school_admin');
  const cards = (body: Record<string, unknown>, who = a) => legacy(app, 'cards', body, who.token);
  // A's teacher and A's admin live in different schools here; the admin's school shares into A's.
  ids.card = ((await cards({ method: 'create', action: 'info', data: { ...cardInfo('A 卷'), share: 1 } })).body.data as { guid: string }).guid;
  await cards({ method: 'save', action: 'card', guid: ids.card, ...{ page: 1, options: pageOptions() } });
  await cards({ method: 'save', action: 'option', guid: ids.card, code: 'p1', key: 'question_total', value: 3 });
  ids.template = ((await cards({ method: 'copy', action: 'toTemplate', guid: ids.card, title: 'A 範本' })).body.data as { guid: string }).guid;
  const adminCard = ((await cards({ method: 'create', action: 'info', data: { ...cardInfo('給 A'), share: 1 } }, aAdmin)).body.data as { guid: string }).guid;
  ids.shared = ((await cards({ method: 'copy', action: 'toShare', guid: adminCard, title: '給 A', client_id: a.schoolId }, aAdmin)).body.data as { guid: string }).guid;
  const doc = await app.deps.db.selectFrom('documents').select('id').where('guid', '=', ids.card).executeTakeFirstOrThrow();
  ids.batch = await insertBatch(app.deps.db, { client_id: a.schoolId, document_id: doc.id, user_id: a.userId, filename: 'a.pdf', file_key: 'scans/a.pdf', state: 'done' });
  ids.log = await insertPrintLog(app.deps.db, { document_id: doc.id, client_id: a.schoolId, user_id: a.userId, filename: 'a.pdf', storage_key: 'prints/a.pdf' });
});
afterAll(() => app.close());

describe("another school's users cannot see or touch a school's cards and templates", () => {
  it.each(['teacher', 'school_admin'] as const)('as a %s of school B: every action answers 403/404 and nothing changes', async (role) => {
    const b = await signedInSchool(app, role, ALL_CARD_PERMISSIONS);
    const before = await snapshot();
    for (const [area, body] of attacks(b.schoolId)) {
      const res = await legacy(app, area, body, b.token);
      expect([403, 404], `${area} ${String(body.method)} ${String(body.action)}`).toContain(res.status);
    }
    expect(await snapshot()).toBe(before);
  });

  it("B's lists never show A's documents", async () => {
    const b = await signedInSchool(app);
    const seen = JSON.stringify([
      (await legacy(app, 'cards', { method: 'get', action: 'lists', limit: 200 }, b.token)).body,
      (await legacy(app, 'cards', { method: 'get', action: 'templates', limit: 200 }, b.token)).body,
      (await legacy(app, 'cards', { method: 'get', action: 'shares', limit: 200 }, b.token)).body,
      (await legacy(app, 'templates', { method: 'get', action: 'templates' }, b.token)).body,
    ]);
    for (const guid of [ids.card, ids.template, ids.shared]) expect(seen).not.toContain(guid);
  });

  it('covers every guid- or id-taking cards/templates action', () => {
    const listed = new Set(attacks(0).map(([area, b]) => `${area} ${String(b.method)} ${String(b.action)}`));
    // import scans is multipart (a file first); scan-batches.test.ts aims it and its batches at another school.
    const open = ['get lists', 'get templates', 'get params', 'get shares', 'create info', 'import scans'];
    const all = LEGACY_ACTIONS.filter((x) => x.area === 'cards' || x.area === 'templates')
      .map((x) => `${x.area} ${x.method} ${x.action}`)
      .filter((k) => !open.some((o) => k.endsWith(o)) || k === 'templates get lists' || k === 'cards create info');
    expect(all.filter((k) => !listed.has(k))).toEqual([]);
  });
});

describe('the tRPC door applies the same rule', () => {
  it("B's teacher gets 404 for A's card and an own-school list", async () => {
    const b = await signedInSchool(app);
    const get = (path: string, input: unknown) =>
      fetch(`${app.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { authorization: `Bearer ${b.token}` } });
    expect((await get('cards.info', { guid: ids.card })).status).toBe(404);
    expect((await get('cards.content.page', { guid: ids.template, kind: 'template', page: 1 })).status).toBe(404);
    const list = (await (await get('cards.list', { page: 1 })).json()) as { result: { data: unknown } };
    expect(list.result.data).toMatchObject({ total: 0, per_page: 5 });
  });

  it("B's teacher who may read scans gets 404 for A's card's key, results, item analysis, rubrics and grades", async () => {
    const b = await scanSchool(app);
    for (const [path, type, input] of [
      ['scores.key', 'query', { guid: ids.card }],
      ['scores.results', 'query', { guid: ids.card }],
      ['scores.items', 'query', { guid: ids.card }],
      ['scores.saveKey', 'mutation', { guid: ids.card, questions: [{ q: 1, answer: 'A', points: 1, rule: 'all' }] }],
      ['scores.useScannedKey', 'mutation', { guid: ids.card }],
      ['scores.saveVersion', 'mutation', { guid: ids.card, version: 'B', questions: [{ q: 1, master: 1 }] }],
      ['grading.rubric', 'query', { guid: ids.card, q: 1 }],
      ['grading.grades', 'query', { guid: ids.card, q: 1 }],
      ['grading.sheets', 'query', { guid: ids.card, q: 1 }],
      ['grading.crop', 'query', { guid: ids.card, q: 1, page_id: 1 }],
      ['grading.saveRubric', 'mutation', { guid: ids.card, q: 1, version: 0, scoring: 'positive', items: [] }],
      ['grading.saveGrade', 'mutation', { guid: ids.card, student_id: 1, q: 1, version: 0, points: 1, item_ids: [], adjustment: 0, comment: '' }],
      ['grading.removeGrade', 'mutation', { guid: ids.card, student_id: 1, q: 1, version: 1 }],
      ['grading.givePoints', 'mutation', { guid: ids.card, rows: [{ student_id: 1, q: 1, points: 1 }] }],
      ['grading.slipsStart', 'mutation', { guid: ids.card, grade: 1, class: 1, rank: false, scans: true }],
      ['grading.slipsStatus', 'query', { job_id: '1' }],
      ['grading.slipsFile', 'query', { job_id: '1' }],
    ] as const) {
      expect((await trpcCall(app, path, type, input, b.token)).status, path).toBe(404);
    }
  });
});
