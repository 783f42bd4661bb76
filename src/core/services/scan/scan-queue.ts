import type { Queue } from 'bullmq';
import type { Db } from '../../../data/db/database';
import { AppError } from '../../errors/app-error';
import { schoolToday } from '../../auth/licence';
import { scanLimitsOf } from '../../../data/repos/clients.repo';
import { insertParts, pendingParts, scanPagesOfSchool } from '../../../data/repos/scan.repo';
import { pendingCaptureParts } from '../../../data/repos/capture.repo';
import { fairRank } from '../../../shared/queue-fairness';
import { scanPartJobId, splitPages } from '../../../shared/jobs/scan-batch-job';

// A batch on the `scan` queue (docs/scan-batches.md "Parts", "Fair order", "Limits"): split into
// page-range parts, one job each, ranked fairly among schools; and the school's limits, checked
// before an upload is stored.

/**
 * The batch's parts (≤ `partPages` pages each, evenly sized) as rows and jobs. Each part's rank is
 * the school's fair rank (src/shared/queue-fairness.ts, the print tickets' rule) counting the
 * parts queued before it, so another school's small batch goes after one part of a big one. A
 * phone's captured sheet (`capture`) counts only the school's captured sheets still to read: a
 * teacher waiting at the desk for a score goes after the part being read, not after the school's
 * own scanner stack (docs/scan-batches.md "Capture with a phone"); a sheet is one page, so the
 * stack is hardly slowed.
 */
export async function queueScanBatch(db: Db, queue: Pick<Queue, 'addBulk'>, batch: { id: number; client_id: number; pages_total: number; capture?: boolean }, partPages: number): Promise<number> {
  const pending = batch.capture ? await pendingCaptureParts(db, batch.client_id) : await pendingParts(db, batch.client_id);
  const parts = splitPages(batch.pages_total, partPages).map((range, i) => ({
    batch_id: batch.id,
    client_id: batch.client_id,
    part_no: i + 1,
    first_page: range.first,
    last_page: range.last,
    queue_rank: fairRank(pending + i),
  }));
  await insertParts(db, parts);
  await queue.addBulk(parts.map((p) => ({ name: 'batch', data: { batchId: batch.id, part: p.part_no }, opts: { jobId: scanPartJobId(batch.id, p.part_no), priority: p.queue_rank } })));
  return parts.length;
}

/** The first instant of today in Taipei (schools' day; no daylight saving). */
const schoolDayStart = (now: Date): Date => new Date(`${schoolToday(now)}T00:00:00+08:00`);

/**
 * A school's scan limits (the host's per school, else its defaults; 0 none): pages uploaded but not
 * yet read, and pages uploaded today. An upload of `pages` that would go past either is refused
 * with 429 and its own message, before anything is stored.
 */
export async function checkScanLimits(db: Db, defaults: { inFlight: number; perDay: number }, clientId: number, pages: number, now = new Date()): Promise<void> {
  const school = await scanLimitsOf(db, clientId);
  const inFlightMax = school?.scan_pages_in_flight ?? defaults.inFlight;
  const perDayMax = school?.scan_pages_per_day ?? defaults.perDay;
  if (inFlightMax === 0 && perDayMax === 0) return;
  const used = await scanPagesOfSchool(db, clientId, schoolDayStart(now));
  if (inFlightMax > 0 && used.inFlight + pages > inFlightMax) throw new AppError('TOO_MANY_REQUESTS', 'scan.limitInFlight', { pending: used.inFlight, pages, max: inFlightMax });
  if (perDayMax > 0 && used.today + pages > perDayMax) throw new AppError('TOO_MANY_REQUESTS', 'scan.limitPerDay', { today: used.today, pages, max: perDayMax });
}
