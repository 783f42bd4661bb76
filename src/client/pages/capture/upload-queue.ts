/**
 * The capture screen's uploads (docs/scan-batches.md "Capture with a phone"): captured pages wait
 * here, in memory, and go to the server one after another while the next sheet is framed. A call
 * that gets no answer (the network dropped) or a server that is not answering (5xx) is tried again
 * with a growing pause — 1, 2, 4 … 30 s, or at once when the browser says it is online again —
 * and never given up: the page is kept until it is sent. A refusal (4xx) is final and shown.
 */
export type Sent = { batchId: number } | { error: string; status: number };
export type Send = (file: Blob, name: string) => Promise<Sent>;

export type UploadState = 'waiting' | 'sending' | 'retrying' | 'sent' | 'refused';
export interface Upload {
  id: number;
  name: string;
  file: Blob;
  state: UploadState;
  attempts: number;
  /** When the next attempt goes (retrying), on the queue's clock. */
  nextAt: number | null;
  batchId: number | null;
  error: string | null;
  queuedAt: number;
  sentAt: number | null;
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

export class UploadQueue {
  private items: Upload[] = [];
  private nextId = 1;
  private busy = false;
  private timer: unknown = null;

  constructor(
    private readonly send: Send,
    private readonly onChange: (items: readonly Upload[]) => void,
    private readonly clock: QueueClock = systemClock,
  ) {}

  get all(): readonly Upload[] {
    return this.items;
  }

  add(file: Blob, name: string): Upload {
    const item: Upload = { id: this.nextId++, name, file, state: 'waiting', attempts: 0, nextAt: null, batchId: null, error: null, queuedAt: this.clock.now(), sentAt: null };
    this.items = [...this.items, item];
    this.changed();
    void this.pump();
    return item;
  }

  /** The browser is online again (or the user asked): every waiting retry goes now. */
  retryNow(): void {
    let any = false;
    this.items = this.items.map((x) => (x.state === 'retrying' ? ((any = true), { ...x, state: 'waiting' as const, nextAt: null }) : x));
    if (!any) return;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.changed();
    void this.pump();
  }

  /** Pages not yet on the server. */
  get pending(): number {
    return this.items.filter((x) => x.state === 'waiting' || x.state === 'sending' || x.state === 'retrying').length;
  }

  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private changed(): void {
    this.onChange(this.items);
  }

  private update(id: number, patch: Partial<Upload>): void {
    this.items = this.items.map((x) => (x.id === id ? { ...x, ...patch } : x));
    this.changed();
  }

  /** Sends the oldest waiting page, then the next; one at a time, in capture order. */
  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (;;) {
        // Behind a page waiting for its retry, later pages wait too: capture order is kept, a dead network not hammered.
        if (this.items.some((x) => x.state === 'retrying')) return;
        const next = this.items.find((x) => x.state === 'waiting');
        if (!next) return;
        const attempts = next.attempts + 1;
        this.update(next.id, { state: 'sending', attempts });
        const answer = await this.send(next.file, next.name).catch((error: unknown): Sent => ({ error: error instanceof Error ? error.message : '', status: 0 }));
        if ('batchId' in answer) this.update(next.id, { state: 'sent', batchId: answer.batchId, error: null, sentAt: this.clock.now() });
        else if (isPassing(answer.status)) {
          const delay = retryDelay(attempts);
          this.update(next.id, { state: 'retrying', error: answer.error, nextAt: this.clock.now() + delay });
          this.schedule(delay);
        } else this.update(next.id, { state: 'refused', error: answer.error || `HTTP ${answer.status}` });
      }
    } finally {
      this.busy = false;
    }
  }

  private schedule(delay: number): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.retryNow();
    }, delay);
  }
}
