import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { createReadStream } from 'node:fs';
import { checkScanFile } from '../../../scan/scan-check';
import { pageCountRefusal, scanFileRefusal } from '../../../scan/scan-problem';
import { scanFileKey } from '../../../shared/jobs/scan-batch-job';
import { requirePermission, type Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { batchWithSameFile, deleteBatch, insertBatch, updateBatch } from '../../../data/repos/scan.repo';
import { schoolTime } from '../cards/card-rows';
import { readableDocument } from '../cards/document-access';
import { checkScanLimits, queueScanBatch } from './scan-queue';
import { captureBatchWithSameFile } from '../../../data/repos/capture.repo';

// An upload becomes a batch (docs/scan-batches.md): the file, already streamed to a temporary file
// by the upload door, is checked (kind from its bytes, page count, page sizes and pixels, an
// encrypted PDF, a ZIP bomb or a ZIP entry that is not a scan), checked against the school's scan
// limits, streamed into storage, recorded as a row, and queued as page-range parts (scan-queue.ts).
// A refused file leaves nothing.

/** A file as the multipart door wrote it to disk: never held whole in memory. */
export interface ScanUpload {
  path: string;
  originalname: string;
  size: number;
}

/**
 * Checks what a scan upload is before anything is stored (src/scan/scan-check.ts: its kind, its
 * pages, every page's box and image pixels, every ZIP entry's sizes and kind); a refusal is a
 * catalogue key naming the page or entry at fault, never a library's text.
 */
export async function checkScanUpload(file: ScanUpload | undefined): Promise<number> {
  if (!file) throw new AppError('BAD_REQUEST', 'scan.noFile');
  if (file.size === 0) throw new AppError('BAD_REQUEST', 'scan.emptyFile');
  // The same classifier as the job's (src/scan/scan-problem.ts): one file, one message, wherever it is refused.
  const { pages } = await checkScanFile(file.path).catch((error: unknown) => {
    const refusal = scanFileRefusal(error);
    throw refusal ? new AppError('BAD_REQUEST', refusal.key, refusal.params) : error;
  });
  const refusal = pageCountRefusal(pages);
  if (refusal) throw new AppError('BAD_REQUEST', refusal.key, refusal.params);
  return pages;
}

/** The file's SHA-256, streamed (a scan may be 200 MB). */
async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * An upload becomes a batch; the same file uploaded again for the card is recognised (by its
 * SHA-256) and refused with 409 unless the user confirmed it (`again`). A phone's capture
 * (`capture`: its session, docs/scan-batches.md "Capture with a phone") is a one-page batch of
 * that session; the very same upload sent again in the session (its name and bytes) — the phone's
 * retry after an answer lost on the way — is answered with the batch it already made.
 */
export async function createScanBatch(deps: Deps, actor: Actor, guid: string, file: ScanUpload | undefined, options: { again?: boolean; capture?: string } = {}) {
  requirePermission(actor, 'cards.scan');
  const doc = await readableDocument(deps.db, actor, guid, 'card');
  if (doc.status !== 'converted' || !doc.geometry_key) throw new AppError('BAD_REQUEST', 'scan.notConverted');
  const pages = await checkScanUpload(file);
  const upload = file!;
  const capture = options.capture ?? null;
  const sha256 = capture ? await sha256Of(upload.path) : null;
  const filename = upload.originalname.slice(0, 255);
  const sent = capture && sha256 ? await captureBatchWithSameFile(deps.db, actor.clientId, doc.id, capture, filename, sha256) : undefined;
  if (sent) return { batchId: sent.id, message: 'scan.queued' as const };
  await checkScanLimits(deps.db, { inFlight: deps.config.SCAN_PAGES_IN_FLIGHT, perDay: deps.config.SCAN_PAGES_PER_DAY }, actor.clientId, pages);
  const hash = sha256 ?? (await sha256Of(upload.path));
  const same = options.again || capture ? undefined : await batchWithSameFile(deps.db, actor.clientId, doc.id, hash);
  if (same) throw new AppError('CONFLICT', 'scan.sameFile', { file: same.filename, time: schoolTime(same.created_at) });
  const batchId = await insertBatch(deps.db, {
    client_id: actor.clientId,
    document_id: doc.id,
    user_id: actor.userId,
    username: actor.name,
    filename,
    file_key: '',
    file_size: upload.size,
    pages_total: pages,
    sha256: hash,
    capture_session: capture,
  });
  const key = scanFileKey(actor.clientId, batchId);
  try {
    await deps.storage.put(key, createReadStream(upload.path), 'application/octet-stream');
    await updateBatch(deps.db, batchId, { file_key: key });
  } catch (error) {
    await deleteBatch(deps.db, batchId);
    await deps.storage.delete(key);
    throw error;
  }
  await queueScanBatch(deps.db, deps.scanQueue, { id: batchId, client_id: actor.clientId, pages_total: pages, capture: capture !== null }, deps.config.SCAN_PART_PAGES);
  return { batchId, message: 'scan.queued' as const };
}
