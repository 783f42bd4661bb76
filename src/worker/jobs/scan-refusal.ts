import { UnrecoverableError } from 'bullmq';
import type { Db } from '../../data/db/database';
import { deletePages } from '../../data/repos/scan.repo';
import type { FileStorage } from '../../data/storage/file-storage';
import { decodeMessage, encodeMessage, keyedMessage, type KeyedMessage } from '../../shared/keyed-message';
import type { MessageKey } from '../../shared/i18n/tw';
import { scanFileRefusal } from '../../scan/scan-problem';

// A batch refused (docs/scan-batches.md "Refusals"): a catalogue key and its parameters stored on
// the row (src/shared/keyed-message.ts), no BullMQ retry (UnrecoverableError), nothing of the batch
// left in storage or in scan_pages. Used by the job however it is split (one job or page-range parts).

/** A refusal of the scan: its key and parameters, as the batch row stores them. */
export class ScanRefused extends UnrecoverableError {
  readonly refusal: KeyedMessage;
  constructor(refusal: KeyedMessage | MessageKey) {
    const message = typeof refusal === 'string' ? keyedMessage(refusal) : refusal;
    super(encodeMessage(message));
    this.refusal = message;
  }
}

/** A batch's stored error that is a refusal of the scan (not a fault's text). */
export const isRefusal = (stored: string): boolean => decodeMessage(stored)?.key.startsWith('scan.') ?? false;

/**
 * What the job throws for an error of opening or decoding the upload: a bad file, told by the same
 * classifier as the upload's (scan-problem.ts `scanFileRefusal`), becomes a ScanRefused; anything
 * else goes on as it is (retried).
 */
export function refusalOf(error: unknown): unknown {
  const refusal = scanFileRefusal(error);
  return refusal ? new ScanRefused(refusal) : error;
}

/** What a failed job's error is stored as: a refusal's key and parameters, else the error's own text (for logs; shown as our generic message). */
export function storedError(error: Error): string {
  return error instanceof ScanRefused ? encodeMessage(error.refusal) : error.message;
}

/** Everything a refused batch stored: its page rows, and every file under the batch's folder (page images, crops, the upload). */
export async function discardRefusedBatch(db: Db, storage: FileStorage, batch: { id: number; client_id: number }): Promise<void> {
  await deletePages(db, batch.id);
  await storage.deletePrefix(`scans/${batch.client_id}/${batch.id}/`);
}
