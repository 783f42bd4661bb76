import type { Db } from '../../data/db/database';
import { linkCopyPagesToFirst, studentAtSeat, studentOfSchool } from '../../data/repos/scan.repo';
import { REVIEW_STATUSES, type PageReading } from '../../scan/page-reading';
import type { PageOutcome } from '../../scan/page-record';

/**
 * Whose page this is: a class print names the student in its page code (checked against the
 * school's roster, so a code can never reach another school's student); page 1 of a blank copy
 * by the grade/class/seat bubbles the student filled. Anything else is left for review. One
 * finder serves one batch: each student (or seat) is looked up once, not once a page.
 */
export function studentFinder(db: Db, clientId: number): (outcome: PageOutcome, reading: PageReading) => Promise<number | null> {
  const found = new Map<string, Promise<number | null>>();
  const once = (key: string, look: () => Promise<{ id: number } | undefined>) => {
    if (!found.has(key)) found.set(key, look().then((row) => row?.id ?? null, (error: unknown) => (found.delete(key), Promise.reject(error))));
    return found.get(key)!;
  };
  return async (outcome, reading) => {
    if (outcome.status !== 'read' && outcome.status !== 'review') return null;
    const student = outcome.student;
    if (student !== null) return once(`id ${student}`, () => studentOfSchool(db, clientId, student));
    const h = reading.header;
    if (outcome.copy === null || !h || h.grade === null || h.class === null || h.seat === null) return null;
    const seat = { grade: h.grade, class: h.class, seat: h.seat };
    return once(`seat ${seat.grade}/${seat.class}/${seat.seat}`, () => studentAtSeat(db, clientId, seat));
  };
}

/**
 * The later pages of a blank copy carry only the copy number: they belong to whoever filled in
 * page 1 of the same copy in the same batch. A copy whose page 1 names nobody stays for review.
 */
export async function linkCopyPages(db: Db, batchId: number): Promise<void> {
  await linkCopyPagesToFirst(db, batchId, REVIEW_STATUSES);
}
