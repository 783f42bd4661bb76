import { UnrecoverableError } from 'bullmq';
import type { Db } from '../../data/db/database';
import { parseStoredRefusal, storedRefusal } from '../../core/errors/library-messages';
import { deletePages } from '../../data/repos/scan.repo';
import type { FileStorage } from '../../data/storage/file-storage';
import type { MessageKey } from '../../shared/i18n/tw';
import { ScanFileProblem, scanRefusal } from '../../scan/scan-problem';
import { ZipTooLarge } from '../../scan/scan-zip';

// A batch refused (docs/scan-batches.md "Refusals"): a catalogue key and its parameters stored on
// the row, no BullMQ retry (UnrecoverableError), nothing of the batch left in storage or in
// scan_pages. Used by the job however it is split (one job or page-range parts).

/** A refusal the batch row keeps as a catalogue key (scan.*) and its parameters. */
export class ScanRefused extends UnrecoverableError {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(storedRefusal(key, params));
  }
}

/** A job's error message that is a refusal of the scan (not a fault to retry). */
export const isRefusal = (message: string): boolean => parseStoredRefusal(message)?.key.startsWith('scan.') ?? false;

/**
 * What the job throws for an error of opening or decoding the upload: a bad file (a ScanFileProblem
 * naming its page or entry, a ZIP bomb) becomes a ScanRefused; anything else goes on as it is (retried).
 */
export function refusalOf(error: unknown): unknown {
  if (error instanceof ZipTooLarge) return new ScanRefused('scan.zipBomb');
  if (error instanceof ScanFileProblem) {
    if (error.problem === 'notAScan' && !error.file) return new ScanRefused('scan.badType');
    const { key, params } = scanRefusal(error);
    return new ScanRefused(key, params);
  }
  return error;
}

/** Everything a refused batch stored: its page rows, and every file under the batch's folder (page images, crops, the upload). */
export async function discardRefusedBatch(db: Db, storage: FileStorage, batch: { id: number; client_id: number }): Promise<void> {
  await deletePages(db, batch.id);
  await storage.deletePrefix(`scans/${batch.client_id}/${batch.id}/`);
}
