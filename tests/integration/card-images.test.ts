import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAsset } from '../../src/shared/card/page-document';
import { ALL_CARD_PERMISSIONS, cardInfo, pageOptions, signInto, signedInSchool, type Signed } from '../support/card-fixtures';
import { gifOf, jpegOf, pngOf, webpOf } from '../support/images';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// The editor's image upload end to end (page-editor.md §5): the tRPC mutation re-checks size, type
// and pixel size on the server, stores the image for the document's school, and GET /assets/cards/…
// serves it to that school's signed-in users only.
let app: TestApp;
let a: Signed;
let card = '';

const upload = (who: Signed, content: Buffer, guid = card, filename = 'logo.png') =>
  fetch(`${app.url}/trpc/cardImages.upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}`, 'x-locale': 'tw' },
    body: JSON.stringify({ kind: 'card', guid, filename, content: content.toString('base64') }),
  });
const asset = (src: string, who?: Signed) => fetch(`${app.url}${src}`, { headers: who ? { authorization: `Bearer ${who.token}` } : {} });
const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

beforeAll(async () => {
  app = await startTestApp();
  a = await signedInSchool(app);
  card = ((await legacy(app, 'cards', { method: 'create', action: 'info', data: cardInfo('有圖的卷') }, a.token)).body.data as { guid: string }).guid;
});
afterAll(() => app.close());

describe('image upload', () => {
  it('stores an accepted image per school and answers a page asset the save accepts', async () => {
    const png = pngOf(1200, 300);
    const res = await upload(a, png);
    expect(res.status).toBe(200);
    const stored = ZAsset.parse(((await res.json()) as { result: { data: unknown } }).result.data);
    expect(stored).toMatchObject({ name: 'logo.png', type: 'image/png', width: 1200, height: 300 });
    expect(stored.src).toMatch(new RegExp(`^/assets/cards/${a.schoolId}/[a-f0-9]{24}\\.png$`));
    expect(await app.deps.storage.get(stored.src.slice(1))).toEqual(png);

    const served = await asset(stored.src, a);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('private');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);

    // The page keeps it as an asset, as the editor saves it.
    const options = { ...pageOptions(), assets: [stored], html: `${pageOptions().html}<img src="${stored.src}">` };
    const saved = await legacy(app, 'cards', { method: 'save', action: 'card', guid: card, page: 1, options }, a.token);
    expect(saved.body.status).toBe('success');
  });

  it('accepts jpeg, gif and webp by their headers', async () => {
    const cases: [Buffer, string][] = [[jpegOf(800, 600), 'image/jpeg'], [gifOf(10, 10), 'image/gif'], [webpOf(1200, 1), 'image/webp']];
    for (const [bytes, type] of cases) {
      const res = await upload(a, bytes, card, 'x');
      expect(res.status, type).toBe(200);
      expect(((await res.json()) as { result: { data: { type: string } } }).result.data.type).toBe(type);
    }
  });

  it('refuses too big, too wide, too tall and non-images with the spec message', async () => {
    const limit = '圖片寬度上限1200px，高度上限1200px，檔案尺寸上限1MB';
    const big = Buffer.concat([pngOf(10, 10), Buffer.alloc(1_000_001 - pngOf(10, 10).length)]);
    const tooBig = await upload(a, big);
    expect([400, 413]).toContain(tooBig.status);
    expect(await errorOf(tooBig)).toBe(limit);
    for (const bytes of [pngOf(1201, 10), jpegOf(10, 1201)]) {
      const res = await upload(a, bytes);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(limit);
    }
    for (const bytes of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), Buffer.from('%PDF-1.7\n')]) {
      const res = await upload(a, bytes, card, 'a.png');
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe('僅接受 PNG、JPEG、GIF、WebP 圖片');
    }
  });

  it("keeps each school's images to itself", async () => {
    const res = await upload(a, pngOf(20, 20));
    const { src } = ((await res.json()) as { result: { data: { src: string } } }).result.data;
    const b = await signedInSchool(app, 'school_admin', ALL_CARD_PERMISSIONS);
    expect((await asset(src, b)).status).toBe(404);
    expect((await asset(src)).status).toBe(401);
    // Another school's user cannot upload into A's card either, nor invent names in A's folder.
    expect((await upload(b, pngOf(20, 20))).status).toBe(404);
    expect((await asset(`/assets/cards/${a.schoolId}/..%2F..%2Fpdf%2Fx.png`, a)).status).toBe(404);
    expect((await asset(`/assets/cards/${a.schoolId}/${'0'.repeat(24)}.png`, a)).status).toBe(404);
    // A second user of the same school sees it.
    const school = await app.deps.db.selectFrom('clients').select('code').where('id', '=', a.schoolId).executeTakeFirstOrThrow();
    const colleague = await signInto(app, a.schoolId, school.code, 'teacher', ALL_CARD_PERMISSIONS);
    expect((await asset(src, colleague)).status).toBe(200);
  });
});
