import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardInfo, legacyFile, signedInSchool, signInto } from '../support/card-fixtures';
import { createSchool } from '../support/fixtures';
import { printHarness, type PrintHarness } from '../support/print-harness';
import { legacy } from '../support/test-app';

// The legacy door of printing (back-office.md §7, §8): `get PDF` answers the class file or the
// spec's refusals; `get logs` / `download log` / `delete log` over the files the worker wrote.
let h: PrintHarness;

beforeAll(async () => {
  h = await printHarness('print-legacy');
  h.startPrinting();
}, 120_000);
afterAll(() => h.close());

describe('print through the legacy door', () => {
  it('get PDF answers the class file, and refusals as the spec says', async () => {
    const file = await legacyFile(h.app, 'cards', { method: 'get', action: 'PDF', guid: h.guid, grade: 3, class: 1, order: 'seat' }, h.teacher.token);
    expect(file).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(decodeURIComponent(file.disposition)).toContain('期中考列印-3年1班.pdf');

    const draft = ((await legacy(h.app, 'cards', { method: 'create', action: 'info', data: cardInfo('未轉存') }, h.teacher.token)).body.data as { guid: string }).guid;
    const notConverted = await legacy(h.app, 'cards', { method: 'get', action: 'PDF', guid: draft, grade: 3, class: 1 }, h.teacher.token);
    expect(notConverted.body).toMatchObject({ code: 200, message: '試卷尚未進行轉存，請先於試卷列表進行轉存' });

    const empty = await createSchool(h.app.deps.db, {}, ['cards.view', 'cards.print', 'cards.edit']);
    const stranger = await signInto(h.app, empty.id, empty.code, 'teacher', ['cards.view', 'cards.print', 'cards.edit']);
    const theirs = ((await legacy(h.app, 'cards', { method: 'create', action: 'info', data: cardInfo('無學生') }, stranger.token)).body.data as { guid: string }).guid;
    await h.convertLike(theirs);
    const noStudents = await legacy(h.app, 'cards', { method: 'get', action: 'PDF', guid: theirs, grade: 3, class: 1 }, stranger.token);
    expect(noStudents.body).toMatchObject({ code: 200, message: '尚未匯入學生資料，請至「學生資料 > 匯入學生名單」匯入' });

    const viewer = await signInto(h.app, h.teacher.schoolId, (await h.app.deps.db.selectFrom('clients').select('code').where('id', '=', h.teacher.schoolId).executeTakeFirstOrThrow()).code, 'teacher', ['cards.view']);
    const forbidden = await legacy(h.app, 'cards', { method: 'get', action: 'PDF', guid: h.guid, grade: 3, class: 1 }, viewer.token);
    expect(forbidden.body.code).toBe(403);
  }, 60_000);

  it('deleting a log deletes its file; another school cannot reach it', async () => {
    const logs = (await legacy(h.app, 'cards', { method: 'get', action: 'logs', guid: h.guid }, h.teacher.token)).body.data as { data: { id: number }[] };
    const log = await h.app.deps.db.selectFrom('print_logs').selectAll().where('id', '=', logs.data[0].id).executeTakeFirstOrThrow();
    expect(await h.app.deps.storage.stat(log.storage_key)).not.toBeNull();
    const other = await signedInSchool(h.app);
    expect((await legacy(h.app, 'cards', { method: 'delete', action: 'log', id: log.id }, other.token)).status).toBe(404);
    expect((await legacy(h.app, 'cards', { method: 'delete', action: 'log', id: log.id }, h.teacher.token)).body.message).toBe('成功!');
    expect(await h.app.deps.storage.stat(log.storage_key)).toBeNull();
  });
});
