/**
 * Where the capture screen keeps its sheets between visits (docs/scan-batches.md "Capture with a
 * phone"): every captured page is written here before it is sent, so a phone browser that
 * reloads or kills the tab loses nothing; the page is dropped from here once the server has it.
 * The screen uses IndexedDB (idb-capture-store.ts); tests use `memoryStore`.
 */
export interface StoredSheet {
  /** A random id of its own (the record's key). */
  key: string;
  /** The card it was captured for. */
  guid: string;
  /** Its capture session, and its number in it (1, 2, …). */
  session: string;
  seq: number;
  name: string;
  /** The JPEG, until the server has it (then null: the phone keeps no copy of a sent sheet). */
  image: ArrayBuffer | null;
  type: string;
  state: 'waiting' | 'sent' | 'refused';
  batchId: number | null;
  error: string | null;
  capturedAt: number;
  sentAt: number | null;
}

/** The card's current capture session on this phone. */
export interface StoredSession {
  guid: string;
  id: string;
  /** Sheets captured in it so far. */
  seq: number;
  lastAt: number;
}

export interface CaptureStore {
  /** False where the browser keeps nothing (no IndexedDB): the screen says that closing it loses what is not sent. */
  readonly durable: boolean;
  sheets(guid: string): Promise<StoredSheet[]>;
  putSheet(sheet: StoredSheet): Promise<void>;
  deleteSheet(key: string): Promise<void>;
  session(guid: string): Promise<StoredSession | null>;
  putSession(session: StoredSession): Promise<void>;
}

/** A session left this long without a capture is over: the next sheet starts a new one (a new item on the scan screen). */
export const SESSION_IDLE_MS = 30 * 60_000;
/** Sheets already sent are shown again after a reload for this long (their results); then forgotten. */
export const KEEP_SENT_MS = 12 * 3_600_000;

export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The session the next sheet belongs to, and its number in it: the current one while it is in use, else a new one. */
export async function nextSheetOf(store: CaptureStore, guid: string, now: number): Promise<{ session: string; seq: number }> {
  const current = await store.session(guid);
  const session = current && now - current.lastAt < SESSION_IDLE_MS ? { ...current, seq: current.seq + 1, lastAt: now } : { guid, id: randomId(), seq: 1, lastAt: now };
  await store.putSession(session);
  return { session: session.id, seq: session.seq };
}

/** A store in memory: for tests, and where the browser has no IndexedDB. */
export function memoryStore(): CaptureStore {
  const sheets = new Map<string, StoredSheet>();
  const sessions = new Map<string, StoredSession>();
  return {
    durable: false,
    sheets: async (guid) => [...sheets.values()].filter((s) => s.guid === guid).map((s) => ({ ...s })),
    putSheet: async (sheet) => void sheets.set(sheet.key, { ...sheet }),
    deleteSheet: async (key) => void sheets.delete(key),
    session: async (guid) => sessions.get(guid) ?? null,
    putSession: async (session) => void sessions.set(session.guid, { ...session }),
  };
}
