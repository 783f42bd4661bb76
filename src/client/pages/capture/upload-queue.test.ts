import { describe, expect, it } from 'vitest';
import { retryDelay, UploadQueue, type QueueClock, type Sent } from './upload-queue';

/** A clock the test moves by hand. */
function fakeClock() {
  let now = 0;
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
  return { clock, advance };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const file = (text: string) => new Blob([text], { type: 'image/jpeg' });

describe('the capture upload queue', () => {
  it('sends pages one after another, in capture order', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const queue = new UploadQueue(
      async (_file, name) => {
        order.push(name);
        if (name === 'a') await new Promise<void>((resolve) => (release = resolve));
        return { batchId: order.length };
      },
      () => {},
      fakeClock().clock,
    );
    queue.add(file('1'), 'a');
    queue.add(file('2'), 'b');
    await settle();
    expect(order).toEqual(['a']);
    expect(queue.all.map((x) => x.state)).toEqual(['sending', 'waiting']);
    release();
    await settle();
    await settle();
    expect(order).toEqual(['a', 'b']);
    expect(queue.all.map((x) => [x.state, x.batchId])).toEqual([['sent', 1], ['sent', 2]]);
    expect(queue.pending).toBe(0);
  });

  it('keeps a page through a network loss: retries with a growing pause, later pages wait behind it, nothing is lost', async () => {
    const { clock, advance } = fakeClock();
    let online = false;
    const sent: string[] = [];
    const queue = new UploadQueue(
      async (_file, name): Promise<Sent> => {
        if (!online) return { error: '', status: 0 };
        sent.push(name);
        return { batchId: sent.length };
      },
      () => {},
      clock,
    );
    queue.add(file('1'), 'a');
    await settle();
    expect(queue.all[0]).toMatchObject({ state: 'retrying', attempts: 1, nextAt: 1_000 });
    queue.add(file('2'), 'b');
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
    await settle();
    expect(sent).toEqual(['a', 'b']);
    expect(queue.pending).toBe(0);
    // The cancelled timer does not send anything twice.
    await advance(10_000);
    expect(sent).toEqual(['a', 'b']);
  });

  it('retries a server error but shows a refusal and goes on with the next page', async () => {
    const { clock, advance } = fakeClock();
    const answers: Sent[] = [{ error: 'Bad gateway', status: 502 }, { batchId: 7 }, { error: '本校今天已上傳 18 頁…', status: 429 }, { batchId: 8 }];
    const queue = new UploadQueue(async () => answers.shift()!, () => {}, clock);
    queue.add(file('1'), 'a');
    queue.add(file('2'), 'b');
    queue.add(file('3'), 'c');
    await settle();
    expect(queue.all[0].state).toBe('retrying');
    await advance(1_000);
    await settle();
    expect(queue.all.map((x) => x.state)).toEqual(['sent', 'refused', 'sent']);
    expect(queue.all[1].error).toBe('本校今天已上傳 18 頁…');
    expect(queue.all[2].batchId).toBe(8);
  });

  it('tells its listener of every change', async () => {
    const seen: string[] = [];
    const queue = new UploadQueue(async () => ({ batchId: 1 }), (items) => seen.push(items.map((x) => x.state).join()), fakeClock().clock);
    queue.add(file('1'), 'a');
    await settle();
    expect(seen).toEqual(['waiting', 'sending', 'sent']);
  });
});
