import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CARD_PERMISSIONS, cardInfo, pageOptions, signedInSchool, signInto, type Signed } from '../support/card-fixtures';
import { createUser } from '../support/fixtures';
import { trpcCall } from '../support/school-admin';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Share to a user: a school's template into the collection of one of its own teachers. Another
// school's teacher can neither be named as the target nor share or read the template.
let app: TestApp;
let admin: Signed;
let template = '';
let colleague: { id: number; account: string; password: string };
let stranger: Signed;

/** viewer.shareUsers takes no input. */
const shareUsers = async (who: Signed) =>
  ((await (await fetch(`${app.url}/trpc/viewer.shareUsers`, { headers: { authorization: `Bearer ${who.token}` } })).json()) as { result: { data: { id: number }[] } }).result.data;
const call = (path: string, input: unknown, who: Signed) => trpcCall(app, path, 'mutation', input, who.token);
const copiesOwnedBy = (userId: number) =>
  app.deps.db.selectFrom('documents').select(['guid', 'privacy', 'client_id', 'title', 'disabled']).where('user_id', '=', userId).where('kind', '=', 'template').execute();
const codeOf = async (id: number) => (await app.deps.db.selectFrom('clients').select('code').where('id', '=', id).executeTakeFirstOrThrow()).code;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInSchool(app, 'school_admin');
  const card = ((await legacy(app, 'cards', { method: 'create', action: 'info', data: cardInfo('分享卷') }, admin.token)).body.data as { guid: string }).guid;
  await legacy(app, 'cards', { method: 'save', action: 'card', guid: card, page: 1, options: pageOptions() }, admin.token);
  template = ((await legacy(app, 'cards', { method: 'copy', action: 'toTemplate', guid: card, title: '校內範本' }, admin.token)).body.data as { guid: string }).guid;
  colleague = await createUser(app.deps.db, admin.schoolId, { name: '同校老師', permissions: ALL_CARD_PERMISSIONS.filter((p) => p !== 'templates.manage') });
  stranger = await signedInSchool(app, 'school_admin');
});
afterAll(() => app.close());

describe('share a template to a user of one’s own school', () => {
  it('lists the school’s teachers and puts an unlocked personal copy in the chosen one’s collection', async () => {
    const users = await shareUsers(admin);
    expect(users.map((u) => u.id)).toContain(colleague.id);
    const res = await call('viewer.shareToUser', { guid: template, user_id: colleague.id }, admin);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ message: '已分享給 同校老師' });
    expect(await copiesOwnedBy(colleague.id)).toEqual([expect.objectContaining({ privacy: 'user', client_id: admin.schoolId, title: '校內範本', disabled: 0 })]);
    // The colleague sees it among their usable templates.
    const signed = await legacy(app, 'login', { code: await codeOf(admin.schoolId), account: colleague.account, password: colleague.password }, undefined, { 'x-forwarded-for': '198.51.100.77' });
    const token = (signed.body.data as { token: string }).token;
    const usable = await legacy(app, 'cards', { method: 'get', action: 'templates', limit: 50 }, token);
    expect(JSON.stringify(usable.body.data)).toContain((await copiesOwnedBy(colleague.id))[0].guid);
  });

  it('another school’s teacher cannot be the target: 404, nothing made', async () => {
    const theirs = await createUser(app.deps.db, stranger.schoolId, { name: '他校老師' });
    const res = await call('viewer.shareToUser', { guid: template, user_id: theirs.id }, admin);
    expect(res.status).toBe(404);
    expect(await copiesOwnedBy(theirs.id)).toEqual([]);
    const users = await shareUsers(admin);
    expect(users.map((u) => u.id)).not.toContain(theirs.id);
  });

  it('another school can neither share nor read the template; a teacher without templates.manage may not share', async () => {
    const before = await copiesOwnedBy(colleague.id);
    expect((await call('viewer.shareToUser', { guid: template, user_id: colleague.id }, stranger)).status).toBe(404);
    expect((await shareUsers(stranger)).map((u) => u.id)).not.toContain(colleague.id);
    expect((await legacy(app, 'cards', { method: 'get', action: 'NumberPDF', guid: template }, stranger.token)).status).toBe(404);
    expect((await call('viewer.watermarked', { guid: template }, stranger)).status).toBe(404);
    const teacher = await signInto(app, admin.schoolId, await codeOf(admin.schoolId), 'teacher', ALL_CARD_PERMISSIONS.filter((p) => p !== 'templates.manage'));
    expect((await call('viewer.shareToUser', { guid: template, user_id: colleague.id }, teacher)).status).toBe(403);
    expect(await copiesOwnedBy(colleague.id)).toEqual(before);
  });
});
