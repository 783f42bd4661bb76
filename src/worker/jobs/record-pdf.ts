import type { Db } from '../../data/db/database';
import { markConverted, markFailed } from '../../data/repos/conversion-lock.repo';
import type { TConvertPdfResult } from '../../shared/jobs/convert-pdf-job';
import { pdfFailureCode } from '../../shared/card/pdf-failure';
import { log } from '../../core/ops/log';

// Writes a conversion's outcome on its card or template (docs/cards.md, "PDF state"). Only the job
// `save PDF` last queued for the document may write: the row names it in pdf_job. A deleted
// document matches no row. Both updates are one statement each, so pdf_key and geometry_key always
// change together (a retried job writes the same keys again), and the content lock `save PDF` set
// is released in the same statement (conversion-lock.repo.ts).

export async function recordConverted(db: Db, documentId: number, jobId: string, result: TConvertPdfResult): Promise<void> {
  await markConverted(db, documentId, jobId, result);
}

/**
 * After the last attempt: the failure's code is kept (src/shared/card/pdf-failure.ts), which the
 * lists show in the user's language; the raw reason goes to the log only.
 */
export async function recordFailed(db: Db, documentId: number, jobId: string, reason: string): Promise<void> {
  const code = pdfFailureCode(reason);
  log('warn', 'pdf conversion failed', { documentId, jobId, code, reason: reason.slice(0, 2000) });
  await markFailed(db, documentId, jobId, code);
}
