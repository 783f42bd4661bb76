import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFailed } from '../../src/worker/jobs/record-pdf';
import { cardInfo, signedInSchool, type Signed } from '../support/card-fixtures';
import { trpcCall } from '../support/school-admin';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let teacher: Signed;
beforeAll(async () => {
  app = await startTestApp();
  teacher = await signedInSchool(app);
});
afterAll(() => app.close());

const TIMEOUT_TW = '卷卡內容過多，轉存逾時，請減少頁數或內容後再試';
const TIMEOUT_EN = 'The card has too much content and its conversion timed out; reduce its pages or content and try again';

async function failedCard(title: string, reason: string): Promise<string> {
  const guid = ((await legacy(app, 'cards', { method: 'create', action: 'info', data: cardInfo(title) }, teacher.token)).body.data as { guid: string }).guid;
  const doc = await app.deps.db.selectFrom('documents').select('id').where('guid', '=', guid).executeTakeFirstOrThrow();
  await app.deps.db.updateTable('documents').set({ status: 'converting', disabled: 3, pdf_job: `${doc.id}-t` }).where('id', '=', doc.id).execute();
  await recordFailed(app.deps.db, doc.id, `${doc.id}-t`, reason);
  return guid;
}

describe('conversion failures in the user\'s language (issue 16, part 6)', () => {
  it('keeps a code, not the worker\'s English, and both doors show it in tw and en', async () => {
    const guid = await failedCard('逾時卷', 'render exceeded its time limit of 20000 ms');
    const stored = await app.deps.db.selectFrom('documents').select(['pdf_error', 'status']).where('guid', '=', guid).executeTakeFirstOrThrow();
    expect(stored).toEqual({ pdf_error: 'timeout', status: 'failed' });

    const rowOf = (data: unknown) => (data as { data: { guid: string; pdf_error: string | null }[] }).data.find((r) => r.guid === guid);
    expect(rowOf((await trpcCall(app, 'cards.list', 'query', {}, teacher.token)).data)?.pdf_error).toBe(TIMEOUT_TW);
    const en = await fetch(`${app.url}/trpc/cards.list?input=%7B%7D`, { headers: { authorization: `Bearer ${teacher.token}`, 'x-locale': 'en' } });
    expect(rowOf(((await en.json()) as { result: { data: unknown } }).result.data)?.pdf_error).toBe(TIMEOUT_EN);
    expect(rowOf((await legacy(app, 'cards', { method: 'get', action: 'lists' }, teacher.token)).body.data)?.pdf_error).toBe(TIMEOUT_TW);
    expect(rowOf((await legacy(app, 'cards', { method: 'get', action: 'lists' }, teacher.token, { 'x-locale': 'en' })).body.data)?.pdf_error).toBe(TIMEOUT_EN);

    const preview = await trpcCall(app, 'cards.preview', 'query', { guid }, teacher.token);
    expect(preview.data).toMatchObject({ converted: false, failure: TIMEOUT_TW });
  });

  it('never shows raw text: other errors, and rows written before codes, get a plain message', async () => {
    const other = await failedCard('壞卷', 'ENOENT: no such file or directory, open ../x');
    const old = await failedCard('舊卷', 'x');
    await app.deps.db.updateTable('documents').set({ pdf_error: 'render exceeded its time limit of 20000 ms' }).where('guid', '=', old).execute();
    const rows = ((await legacy(app, 'cards', { method: 'get', action: 'lists', limit: 50 }, teacher.token)).body.data as { data: { guid: string; pdf_error: string | null }[] }).data;
    expect(rows.find((r) => r.guid === other)?.pdf_error).toBe('轉存失敗，請稍後再試；若仍失敗請洽系統管理者');
    expect(rows.find((r) => r.guid === old)?.pdf_error).toBe(TIMEOUT_TW);
    expect(JSON.stringify(rows)).not.toMatch(/ENOENT|exceeded/);
  });
});
