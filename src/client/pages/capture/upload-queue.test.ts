import { describe, expect, it } from 'vitest';
import { KEEP_SENT_MS, memoryStore, nextSheetOf, SESSION_IDLE_MS, type CaptureStore } from './capture-store';
import { retryDelay, UploadQueue, type QueueClock, type Send, type Sent } from './upload-queue';

/** A clock the test moves by hand. */
function fakeClock(start = 0) {
  let now = start;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let ids = 0;
  const clock: QueueClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.push({ at: now + ms, run, id: ++ids });
      return ids;
    },
    clearTimeout: (id) => void (timers = timers.filter((t) => t.id !== id)),
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const due of timers.filter((t) => t.at <= now)) {
      timers = timers.filter((t) => t !== due);
      due.run();
    }
    await settle();
  };
  return { clock, advance, set: (at: number) => void (now = at) };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const file = (text: string) => new Blob([text], { type: 'image/jpeg' });
const sheet = (seq: number, session = 's1') => ({ session, seq, name: `capture-${seq}.jpg` });
const queueOf = (send: Send, clock: QueueClock, store: CaptureStore = memoryStore(), onChange: (items: readonly unknown[]) => void = () => {}) => new UploadQueue({ guid: 'card-1', send, onChange, clock, store });

describe('the capture upload queue', () => {
  it('sends pages one after another, in capture order, with the session they were captured in', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const queue = queueOf(async (_file, s) => {
      order.push(`${s.name}@${s.session}`);
      if (s.name === 'capture-1.jpg') await new Promise<void>((resolve) => (release = resolve));
      return { batchId: order.length };
    }, fakeClock().clock);
    await queue.add(file('1'), sheet(1));
    await queue.add(file('2'), sheet(2));
    await settle();
    expect(order).toEqual(['capture-1.jpg@s1']);
    expect(queue.all.map((x) => x.state)).toEqual(['sending', 'waiting']);
    release();
    await settle();
    expect(order).toEqual(['capture-1.jpg@s1', 'capture-2.jpg@s1']);
    expect(queue.all.map((x) => [x.state, x.batchId])).toEqual([['sent', 1], ['sent', 2]]);
    expect(queue.pending).toBe(0);
  });

  it('keeps a page through a network loss: retries with a growing pause, later pages wait behind it, nothing is lost', async () => {
    const { clock, advance } = fakeClock();
    let online = false;
    const sent: string[] = [];
    const queue = queueOf(async (_file, s): Promise<Sent> => {
      if (!online) return { error: '', status: 0 };
      sent.push(s.name);
      return { batchId: sent.length };
    }, clock);
    await queue.add(file('1'), sheet(1));
    await settle();
    expect(queue.all[0]).toMatchObject({ state: 'retrying', attempts: 1, nextAt: 1_000 });
    await queue.add(file('2'), sheet(2));
    await settle();
    expect(queue.all[1].state).toBe('waiting');
    await advance(1_000);
    expect(queue.all[0]).toMatchObject({ state: 'retrying', attempts: 2, nextAt: 3_000 });
    await advance(2_000);
    expect(queue.all[0]).toMatchObject({ attempts: 3, nextAt: 7_000 });
    expect([retryDelay(1), retryDelay(2), retryDelay(3), retryDelay(9)]).toEqual([1_000, 2_000, 4_000, 30_000]);
    // Back online: the browser's `online` event sends at once, in order.
    online = true;
    queue.retryNow();
    await settle();
    expect(sent).toEqual(['capture-1.jpg', 'capture-2.jpg']);
    expect(queue.pending).toBe(0);
    // The cancelled timer does not send anything twice.
    await advance(10_000);
    expect(sent).toEqual(['capture-1.jpg', 'capture-2.jpg']);
  });

  it('retries a server error but keeps a refusal, goes on with the next page, and sends the refused one again when asked', async () => {
    const { clock, advance } = fakeClock();
    const answers: Sent[] = [{ error: 'Bad gateway', status: 502 }, { batchId: 7 }, { error: '本校今天已上傳 18 頁…', status: 429 }, { batchId: 8 }, { batchId: 9 }];
    const store = memoryStore();
    const queue = queueOf(async () => answers.shift()!, clock, store);
    await queue.add(file('1'), sheet(1));
    await queue.add(file('2'), sheet(2));
    await queue.add(file('3'), sheet(3));
    await settle();
    expect(queue.all[0].state).toBe('retrying');
    await advance(1_000);
    expect(queue.all.map((x) => x.state)).toEqual(['sent', 'refused', 'sent']);
    expect(queue.all[1].error).toBe('本校今天已上傳 18 頁…');
    expect(queue.all[2].batchId).toBe(8);
    // The refused page is kept (with its image) for the user to decide.
    expect((await store.sheets('card-1')).find((s) => s.seq === 2)).toMatchObject({ state: 'refused', error: '本校今天已上傳 18 頁…' });
    queue.retry(queue.all[1].id);
    await settle();
    expect(queue.all[1]).toMatchObject({ state: 'sent', batchId: 9 });
  });

  it('a refused page can be removed: gone from the screen and the store', async () => {
    const store = memoryStore();
    const queue = queueOf(async () => ({ error: 'no', status: 403 }), fakeClock().clock, store);
    await queue.add(file('1'), sheet(1));
    await settle();
    await queue.remove(queue.all[0].id);
    expect(queue.all).toEqual([]);
    expect(await store.sheets('card-1')).toEqual([]);
  });

  it('tells its listener of every change, the upload percentage included', async () => {
    const seen: string[] = [];
    const queue = queueOf(
      async (_file, _sheet, onPercent) => {
        onPercent(50);
        return { batchId: 1 };
      },
      fakeClock().clock,
      memoryStore(),
      (items) => seen.push((items as { state: string; percent: number | null }[]).map((x) => `${x.state}${x.percent === null ? '' : ` ${x.percent}%`}`).join()),
    );
    await queue.add(file('1'), sheet(1));
    await settle();
    expect(seen).toEqual(['waiting', 'sending 0%', 'sending 50%', 'sent']);
  });
});

describe('the queue kept in the store', () => {
  it('survives the tab: a page waiting offline when the screen went away is sent by the next screen, in order, the sheets already sent shown again', async () => {
    const store = memoryStore();
    const { clock } = fakeClock(1_000);
    let online = true;
    const sent: string[] = [];
    const send: Send = async (blob, s) => {
      if (!online) return { error: '', status: 0 };
      sent.push(`${s.name}:${await blob.text()}`);
      return { batchId: 40 + sent.length };
    };
    const first = queueOf(send, clock, store);
    await first.add(file('one'), sheet(1));
    await settle();
    online = false;
    await first.add(file('two'), sheet(2));
    await first.add(file('three'), sheet(3));
    await settle();
    expect(first.all.map((x) => x.state)).toEqual(['sent', 'retrying', 'waiting']);
    // The tab is killed (nothing of the first queue runs again).
    first.stop();
    const kept = (await store.sheets('card-1')).sort((a, b) => a.seq - b.seq);
    expect(kept.map((s) => [s.seq, s.state, s.batchId])).toEqual([[1, 'sent', 41], [2, 'waiting', null], [3, 'waiting', null]]);
    // The sent page's image is not kept on the phone; the waiting ones are.
    expect(kept.map((s) => s.image?.byteLength ?? null)).toEqual([null, 3, 5]);

    online = true;
    const second = queueOf(send, clock, store);
    await second.resume();
    await settle();
    expect(sent).toEqual(['capture-1.jpg:one', 'capture-2.jpg:two', 'capture-3.jpg:three']);
    expect(second.all.map((x) => [x.seq, x.state, x.batchId, x.resumed])).toEqual([[1, 'sent', 41, true], [2, 'sent', 42, true], [3, 'sent', 43, true]]);
    expect((await store.sheets('card-1')).every((s) => s.state === 'sent' && s.image === null)).toBe(true);
  });

  it('sends again a page that was being sent when the tab died (the server answers a repeat with its batch)', async () => {
    const store = memoryStore();
    const { clock } = fakeClock();
    const dying = queueOf(() => new Promise<Sent>(() => {}), clock, store);
    await dying.add(file('x'), sheet(1));
    await settle();
    expect(dying.all[0].state).toBe('sending');
    const sent: string[] = [];
    const next = queueOf(async (_blob, s) => (sent.push(s.name), { batchId: 5 }), clock, store);
    await next.resume();
    await settle();
    expect(sent).toEqual(['capture-1.jpg']);
  });

  it('forgets sheets sent more than 12 hours ago, and those of other cards are not this screen’s', async () => {
    const store = memoryStore();
    const { clock, set } = fakeClock(0);
    const queue = queueOf(async () => ({ batchId: 1 }), clock, store);
    await queue.add(file('1'), sheet(1));
    await settle();
    await store.putSheet({ key: 'other', guid: 'card-2', session: 's9', seq: 1, name: 'x.jpg', image: new ArrayBuffer(1), type: 'image/jpeg', state: 'waiting', batchId: null, error: null, capturedAt: 0, sentAt: null });
    set(KEEP_SENT_MS + 1);
    const later = queueOf(async () => ({ batchId: 2 }), clock, store);
    await later.resume();
    expect(later.all).toEqual([]);
    expect(await store.sheets('card-1')).toEqual([]);
    expect(await store.sheets('card-2')).toHaveLength(1);
  });
});

describe('the capture session', () => {
  it('goes on while in use, and a new one starts after half an hour without a capture', async () => {
    const store = memoryStore();
    const a = await nextSheetOf(store, 'card-1', 0);
    const b = await nextSheetOf(store, 'card-1', SESSION_IDLE_MS - 1);
    expect(b).toEqual({ session: a.session, seq: 2 });
    const c = await nextSheetOf(store, 'card-1', 2 * SESSION_IDLE_MS);
    expect(c.seq).toBe(1);
    expect(c.session).not.toBe(a.session);
    // Each card has its own.
    expect((await nextSheetOf(store, 'card-2', 2 * SESSION_IDLE_MS)).session).not.toBe(c.session);
  });
});
