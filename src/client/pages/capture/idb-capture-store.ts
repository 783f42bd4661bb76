import { memoryStore, type CaptureStore, type StoredSession, type StoredSheet } from './capture-store';

/**
 * The capture screen's sheets in the browser's IndexedDB (capture-store.ts): database
 * `acs-capture`, stores `sheets` (by key, indexed by card) and `sessions` (by card). Images are
 * kept as ArrayBuffers, which every browser stores (some did not store Blobs). Where IndexedDB
 * does not open (a private window of an older browser), the screen falls back to memory and says so.
 * Tested in the browser run (tests/e2e/capture.test.ts: a page waiting offline survives a reload).
 */
const NAME = 'acs-capture';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(NAME, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      db.createObjectStore('sheets', { keyPath: 'key' }).createIndex('guid', 'guid');
      db.createObjectStore('sessions', { keyPath: 'guid' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB did not open'));
    req.onblocked = () => reject(new Error('IndexedDB blocked'));
  });
}

/** One statement in its own transaction, settled when the transaction has committed (a write is on disk when this resolves). */
async function run<T>(db: IDBDatabase, name: 'sheets' | 'sessions', mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const tx = db.transaction(name, mode);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
  const result = await request(act(tx.objectStore(name)));
  await done;
  return result;
}

/** The IndexedDB store, or a memory one where IndexedDB cannot be opened. */
export async function openCaptureStore(): Promise<CaptureStore> {
  let db: IDBDatabase;
  try {
    if (typeof indexedDB === 'undefined') return memoryStore();
    db = await open();
  } catch {
    return memoryStore();
  }
  return {
    durable: true,
    sheets: (guid) => run(db, 'sheets', 'readonly', (s) => s.index('guid').getAll(guid) as IDBRequest<StoredSheet[]>),
    putSheet: async (sheet) => void (await run(db, 'sheets', 'readwrite', (s) => s.put(sheet))),
    deleteSheet: async (key) => void (await run(db, 'sheets', 'readwrite', (s) => s.delete(key))),
    session: async (guid) => ((await run(db, 'sessions', 'readonly', (s) => s.get(guid) as IDBRequest<StoredSession | undefined>)) ?? null),
    putSession: async (session) => void (await run(db, 'sessions', 'readwrite', (s) => s.put(session))),
  };
}
