import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScanSource } from '../../scan/scan-pages';

// The uploads a scan worker process has open (docs/scan-batches.md "Parts"): the parts of one
// batch that reach the same worker copy the upload from storage (and take a ZIP's images out) once,
// not once a part. An upload no part is reading is kept a while (KEEP_IDLE of them, IDLE_MS), then
// its scratch folder is removed; with `keepIdle` 0 each part opens its own.

const IDLE_MS = 60_000;

interface Entry {
  dir: string;
  opening: Promise<ScanSource>;
  users: number;
  idleSince: number;
  /** Release order (a counter, not the clock: two releases in one millisecond still have an order). */
  idleTurn: number;
}

export type OpenUpload = (dir: string) => Promise<ScanSource>;

export class ScanSources {
  private readonly entries = new Map<string, Entry>();
  private turns = 0;

  constructor(private readonly keepIdle = 1) {}

  /** The opened upload of `key` (the batch's file key), and the release each open must be paired with. */
  async open(key: string, batchId: number, open: OpenUpload): Promise<{ source: ScanSource; release: () => Promise<void> }> {
    let entry = this.entries.get(key);
    if (!entry) {
      const dir = join(tmpdir(), `scan-${batchId}-${randomUUID().slice(0, 8)}`);
      const opening = mkdir(dir, { recursive: true }).then(() => open(dir));
      entry = { dir, opening, users: 0, idleSince: 0, idleTurn: 0 };
      this.entries.set(key, entry);
    }
    entry.users += 1;
    const mine = entry;
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      mine.users -= 1;
      mine.idleSince = Date.now();
      mine.idleTurn = ++this.turns;
      await this.evict();
    };
    try {
      return { source: await entry.opening, release };
    } catch (error) {
      // A failed opening is not kept: the next part (a retry) opens afresh.
      if (this.entries.get(key) === mine) this.entries.delete(key);
      mine.users -= 1;
      await rm(mine.dir, { recursive: true, force: true });
      throw error;
    }
  }

  /** The batch is finished: its upload's folder goes now (once no part of it is reading). */
  async drop(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry && entry.users === 0) await this.remove(key, entry);
  }

  /** Removes every idle folder (the worker is closing). */
  async close(): Promise<void> {
    for (const [key, entry] of [...this.entries]) if (entry.users === 0 && this.entries.get(key) === entry) await this.remove(key, entry);
  }

  private async evict(): Promise<void> {
    const now = Date.now();
    const idle = [...this.entries].filter(([, e]) => e.users === 0).sort((a, b) => b[1].idleTurn - a[1].idleTurn);
    for (const [i, [key, entry]] of idle.entries()) {
      // Taken again by a part since the list was made (between two removals): kept.
      if (entry.users > 0 || this.entries.get(key) !== entry) continue;
      if (i >= this.keepIdle || now - entry.idleSince > IDLE_MS) await this.remove(key, entry);
    }
    if (idle.length > 0 && this.keepIdle > 0) setTimeout(() => void this.evict(), IDLE_MS + 1_000).unref();
  }

  private async remove(key: string, entry: Entry): Promise<void> {
    this.entries.delete(key);
    await rm(entry.dir, { recursive: true, force: true });
  }
}
