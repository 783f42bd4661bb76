import type { Db } from '../../data/db/database';
import type { FileStorage, ListedFile } from '../../data/storage/file-storage';
import { deletePrintLogRows, existingClientIds, existingDocumentIds, oldPrintLogs, pdfKeysInUse } from '../../data/repos/retention.repo';

/** The retention policy (docs/deployment.md, "Retention"); settings RETAIN_EARLIER_CONVERSIONS, PRINT_FILE_DAYS. */
export interface RetentionPolicy {
  /** Earlier conversions kept per card or template beside the current one (newest first). */
  earlierConversions: number;
  /** Print files (and their print-log rows) older than this are deleted. */
  printFileDays: number;
}

export interface PruneReport {
  conversions: number;
  deletedDocuments: number;
  deletedSchools: number;
  printLogs: number;
  /** Slip PDFs of jobs BullMQ has forgotten (after a day nothing can reach them). */
  slips: number;
}

// A conversion writes its folder before its row names it, so a folder this young may be one in
// flight: it is left for the next run.
const GRACE_MS = 3_600_000;
const CONVERSION_KEY = /^pdf\/(\d+)\/([^/]+)\//;
const SCHOOL_KEY = /^(?:assets\/cards|print)\/(\d+)\//;
const DAY_MS = 86_400_000;
// A slips job's PDF (print/<school>/slips/<job id>.pdf) is reachable only through its job, which
// the queue forgets a day after it ends (src/shared/jobs/queues.ts, slips: removeOnComplete age).
const SLIPS_KEY = /^print\/\d+\/slips\//;
const SLIP_FILE_MS = DAY_MS + GRACE_MS;

async function collect(files: AsyncIterable<ListedFile>): Promise<ListedFile[]> {
  const all: ListedFile[] = [];
  for await (const file of files) all.push(file);
  return all;
}

const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);

/**
 * Deletes what nobody can reach any more or the policy no longer keeps: earlier conversions of a
 * card beyond the last N (never one a document's row names), the conversions of deleted cards,
 * the images and print files of deleted schools, and print files older than the policy's days
 * with their print-log rows, and slip PDFs whose job has been forgotten. Idempotent: a second run finds nothing more.
 */
export async function pruneFiles(db: Db, storage: FileStorage, policy: RetentionPolicy, now = new Date()): Promise<PruneReport> {
  const report: PruneReport = { conversions: 0, deletedDocuments: 0, deletedSchools: 0, printLogs: 0, slips: 0 };
  const settled = now.getTime() - GRACE_MS;

  // Conversions: pdf/<document id>/<digest>/…, grouped into folders with their newest file's time.
  const folders = new Map<string, { documentId: number; newest: number }>();
  for (const file of await collect(storage.list('pdf/'))) {
    const match = CONVERSION_KEY.exec(file.key);
    if (!match) continue;
    const folder = match[0];
    const newest = Math.max(folders.get(folder)?.newest ?? 0, file.modifiedAt.getTime());
    folders.set(folder, { documentId: Number(match[1]), newest });
  }
  const documentIds = [...new Set([...folders.values()].map((f) => f.documentId))];
  const living = await existingDocumentIds(db, documentIds);
  // Any document's row may name a folder (a copy shares its source's files): those all stay.
  const named = await pdfKeysInUse(db);
  const inUse = new Set(named.flatMap((d) => [d.pdf_key, d.geometry_key]).filter((k): k is string => !!k).map(folderOf));
  const byDocument = new Map<number, [string, { newest: number }][]>();
  for (const [folder, f] of folders) byDocument.set(f.documentId, [...(byDocument.get(f.documentId) ?? []), [folder, f]]);
  for (const [documentId, entries] of byDocument) {
    const earlier = entries.filter(([folder]) => !inUse.has(folder)).sort(([, a], [, b]) => b.newest - a.newest);
    const dropped = living.has(documentId) ? earlier.slice(policy.earlierConversions) : earlier;
    for (const [folder, { newest }] of dropped) {
      if (newest > settled) continue;
      await storage.deletePrefix(folder);
      if (living.has(documentId)) report.conversions += 1;
      else report.deletedDocuments += 1;
    }
  }

  // Deleted schools: their uploaded images and print files (once the newest is past the grace
  // period too, so installations or test runs sharing a bucket never race each other).
  const schoolNewest = new Map<number, number>();
  // Slip PDFs older than their job are unreachable: found in the same listing, deleted below.
  const oldSlips: string[] = [];
  for (const root of ['assets/cards/', 'print/']) {
    for (const file of await collect(storage.list(root))) {
      const match = SCHOOL_KEY.exec(file.key);
      if (match) schoolNewest.set(Number(match[1]), Math.max(schoolNewest.get(Number(match[1])) ?? 0, file.modifiedAt.getTime()));
      if (SLIPS_KEY.test(file.key) && file.modifiedAt.getTime() <= now.getTime() - SLIP_FILE_MS) oldSlips.push(file.key);
    }
  }
  for (const key of oldSlips) await storage.delete(key);
  report.slips += oldSlips.length;
  const schoolIds = [...schoolNewest.keys()];
  const existing = await existingClientIds(db, schoolIds);
  for (const id of schoolIds.filter((schoolId) => !existing.has(schoolId) && schoolNewest.get(schoolId)! <= settled)) {
    await storage.deletePrefix(`assets/cards/${id}/`);
    await storage.deletePrefix(`print/${id}/`);
    report.deletedSchools += 1;
  }

  // Old print files: the row first, as deleting one log does (a file without a row is unreachable).
  const cutoff = new Date(now.getTime() - policy.printFileDays * DAY_MS);
  for (;;) {
    const old = await oldPrintLogs(db, cutoff, 500);
    if (old.length === 0) break;
    await deletePrintLogRows(db, old.map((l) => l.id));
    for (const log of old) await storage.delete(log.storage_key);
    report.printLogs += old.length;
  }
  return report;
}
