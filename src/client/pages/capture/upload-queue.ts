import { KEEP_SENT_MS, memoryStore, randomId, type CaptureStore, type StoredSheet } from './capture-store';

/**
 * The capture screen's uploads (docs/scan-batches.md "Capture with a phone"): each captured page
 * is kept in the store (IndexedDB) before it is sent, goes to the server one after another while
 * the next sheet is framed, and is dropped from the store once the server has it. A call that
 * gets no answer (the network dropped) or a server that is not answering (5xx) is tried again
 * with a growing pause — 1, 2, 4 … 30 s, or at once when the browser says it is online again —
 * and never given up. A refusal (4xx) is kept and shown, to be sent again or removed by hand.
 * After a reload (or a killed tab) `resume` takes up every page not yet sent, and shows the sheets
 * already sent for their results.
 */
export type Sent = { batchId: number } | { error: string; status: number };
export type Send = (file: Blob, sheet: { name: string; session: string }, onPercent: (percent: number) => void) => Promise<Sent>;

export type UploadState = 'waiting' | 'sending' | 'retrying' | 'sent' | 'refused';
export interface Upload {
  /** This screen's running number of the item (a test id), not the sheet's number in its session (`seq`). */
  id: number;
  key: string;
  session: string;
  seq: number;
  name: string;
  file: Blob | null;
  state: UploadState;
  attempts: number;
  /** When the next attempt goes (retrying), on the queue's clock. */
  nextAt: number | null;
  batchId: number | null;
  error: string | null;
  /** When the shutter went (the seconds on the way are counted from it), and when the page was queued (its JPEG ready). */
  capturedAt: number;
  queuedAt: number;
  sentAt: number | null;
  /** The upload's progress while sending. */
  percent: number | null;
  /** Taken up from the store after a reload, not captured on this visit. */
  resumed: boolean;
}

export interface QueueClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const systemClock: QueueClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export const FIRST_RETRY_MS = 1_000;
export const LAST_RETRY_MS = 30_000;
export const retryDelay = (attempts: number) => Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/** No answer, or the server (or a proxy before it) failing: worth another try. */
const isPassing = (status: number) => status === 0 || status === 408 || status >= 500;
const PENDING = new Set<UploadState>(['waiting', 'sending', 'retrying']);
/** Not yet on the server: waiting, being sent, or to be sent again. */
export const isPending = (item: { state: UploadState }): boolean => PENDING.has(item.state);

export interface QueueOptions {
  guid: string;
  send: Send;
  onChange: (items: readonly Upload[]) => void;
  store?: CaptureStore;
  clock?: QueueClock;
}

export class UploadQueue {
  private items: Upload[] = [];
  private nextId = 1;
  private busy = false;
  private timer: unknown = null;
  private stopped = false;
  private readonly store: CaptureStore;
  private readonly clock: QueueClock;

  constructor(private readonly options: QueueOptions) {
    this.store = options.store ?? memoryStore();
    this.clock = options.clock ?? systemClock;
  }

  get all(): readonly Upload[] {
    return this.items;
  }

  /** Pages not yet on the server. */
  get pending(): number {
    return this.items.filter(isPending).length;
  }

  /** Takes up the card's stored sheets (after a reload): pages not sent go again, in capture order; sent ones older than 12 h are forgotten. */
  async resume(): Promise<void> {
    const stored = (await this.store.sheets(this.options.guid)).sort((a, b) => a.capturedAt - b.capturedAt);
    const now = this.clock.now();
    for (const s of stored) {
      if (s.state === 'sent' && now - (s.sentAt ?? s.capturedAt) > KEEP_SENT_MS) await this.store.deleteSheet(s.key);
      else if (s.state === 'sent' || s.image) this.items.push(this.itemOf(s));
      else await this.store.deleteSheet(s.key); // a page without its image cannot be sent: nothing to keep
    }
    this.changed();
    void this.pump();
  }

  /** A captured page (`capturedAt`: the shutter's time, else now): written to the store, then queued. */
  async add(file: Blob, sheet: { session: string; seq: number; name: string; capturedAt?: number }): Promise<Upload> {
    const now = this.clock.now();
    const item: Upload = { id: this.nextId++, key: randomId(), ...sheet, file, state: 'waiting', attempts: 0, nextAt: null, batchId: null, error: null, capturedAt: sheet.capturedAt ?? now, queuedAt: now, sentAt: null, percent: null, resumed: false };
    this.items = [...this.items, item];
    this.changed();
    // Kept before it is sent: a tab killed from now on loses nothing. Should the store fail (full), the page is still sent from memory.
    await this.persist(item, await file.arrayBuffer()).catch(() => undefined);
    void this.pump();
    return item;
  }

  /** The browser is online again (or the user asked): every waiting retry goes now. */
  retryNow(): void {
    let any = false;
    this.items = this.items.map((x) => (x.state === 'retrying' ? ((any = true), { ...x, state: 'waiting' as const, nextAt: null }) : x));
    if (!any) return;
    this.clearTimer();
    this.changed();
    void this.pump();
  }

  /** A refused page sent again (e.g. once the school's limit allows it). */
  retry(id: number): void {
    const item = this.items.find((x) => x.id === id);
    if (item?.state !== 'refused') return;
    this.update(id, { state: 'waiting', error: null, attempts: 0 });
    void this.pump();
  }

  /** A refused page given up by the user: gone from the screen and the store. */
  async remove(id: number): Promise<void> {
    const item = this.items.find((x) => x.id === id);
    if (!item || item.state !== 'refused') return;
    this.items = this.items.filter((x) => x.id !== id);
    this.changed();
    await this.store.deleteSheet(item.key);
  }

  /** The screen closes: no more attempts from this queue (the store keeps what is not sent). */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private itemOf(s: StoredSheet): Upload {
    const file = s.image ? new Blob([s.image], { type: s.type }) : null;
    return { id: this.nextId++, key: s.key, session: s.session, seq: s.seq, name: s.name, file, state: s.state, attempts: 0, nextAt: null, batchId: s.batchId, error: s.error, capturedAt: s.capturedAt, queuedAt: s.capturedAt, sentAt: s.sentAt, percent: null, resumed: true };
  }

  private persist(item: Upload, image: ArrayBuffer | null): Promise<void> {
    const state = item.state === 'sent' || item.state === 'refused' ? item.state : 'waiting';
    return this.store.putSheet({ key: item.key, guid: this.options.guid, session: item.session, seq: item.seq, name: item.name, image, type: item.file?.type ?? 'image/jpeg', state, batchId: item.batchId, error: item.error, capturedAt: item.capturedAt, sentAt: item.sentAt });
  }

  private changed(): void {
    this.options.onChange(this.items);
  }

  private update(id: number, patch: Partial<Upload>): Upload {
    this.items = this.items.map((x) => (x.id === id ? { ...x, ...patch } : x));
    this.changed();
    return this.items.find((x) => x.id === id)!;
  }

  private clearTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Sends the oldest waiting page, then the next; one at a time, in capture order. */
  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (;;) {
        if (this.stopped) return;
        // Behind a page waiting for its retry, later pages wait too: capture order is kept, a dead network not hammered.
        if (this.items.some((x) => x.state === 'retrying')) return;
        const next = this.items.find((x) => x.state === 'waiting');
        if (!next?.file) return;
        const attempts = next.attempts + 1;
        this.update(next.id, { state: 'sending', attempts, percent: 0 });
        const answer = await this.options
          .send(next.file, { name: next.name, session: next.session }, (percent) => this.update(next.id, { percent }))
          .catch((error: unknown): Sent => ({ error: error instanceof Error ? error.message : '', status: 0 }));
        if ('batchId' in answer) {
          const sent = this.update(next.id, { state: 'sent', batchId: answer.batchId, error: null, sentAt: this.clock.now(), percent: null });
          // The server has it: the phone keeps no copy, only the line for its result.
          await this.persist(sent, null).catch(() => undefined);
        } else if (isPassing(answer.status)) {
          const delay = retryDelay(attempts);
          this.update(next.id, { state: 'retrying', error: answer.error, nextAt: this.clock.now() + delay, percent: null });
          this.schedule(delay);
        } else {
          const refused = this.update(next.id, { state: 'refused', error: answer.error || `HTTP ${answer.status}`, percent: null });
          await this.persist(refused, await next.file.arrayBuffer()).catch(() => undefined);
        }
      }
    } finally {
      this.busy = false;
    }
  }

  private schedule(delay: number): void {
    this.clearTimer();
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.retryNow();
    }, delay);
  }
}
