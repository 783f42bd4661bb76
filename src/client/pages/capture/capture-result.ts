import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';

/**
 * What the phone shows for a captured sheet once its one-page batch is read: the student and the
 * score (docs/scan-batches.md "Capture with a phone"), or why the page was set aside. Looked up
 * through the same calls the scan screen uses — `scan.batch` for the page, `scores.results` of the
 * student's class for the score — through the plain client, so a lost connection while polling is
 * the poller's business and never the shell's (which signs out on a call with no answer).
 */
type Outputs = inferRouterOutputs<AppRouter>;
type Batch = Outputs['scan']['batch'];
type Results = Outputs['scores']['results'];

export type CaptureResult =
  | { kind: 'student'; name: string; number: string; grade: number; class: number; seat: number; score: number | null; max: number; keyed: boolean; toCheck: number }
  | { kind: 'unread'; why: 'unidentified' | 'wrong_card' | 'blank' | 'key' | 'failed'; error: string | null };

export interface ResultCalls {
  batch(batchId: number): Promise<Batch>;
  results(guid: string, grade: number, klass: number): Promise<Results>;
}

const OPEN = new Set(['multiple', 'ambiguous']);

/** The sheet's result, or null while its batch is still queued or being read. */
export async function captureResult(calls: ResultCalls, guid: string, batchId: number): Promise<CaptureResult | null> {
  const batch = await calls.batch(batchId);
  if (batch.state === 'queued' || batch.state === 'reading') return null;
  const page = batch.pages[0];
  if (batch.state === 'failed' || !page) return { kind: 'unread', why: 'failed', error: batch.error };
  if (page.status === 'wrong_card' || page.status === 'blank' || page.status === 'key') return { kind: 'unread', why: page.status, error: null };
  if (!page.name || !page.student_number || page.grade === null || page.class === null || page.seat === null) return { kind: 'unread', why: 'unidentified', error: null };
  const results = await calls.results(guid, page.grade, page.class);
  const student = results.students.find((s) => s.student_number === page.student_number);
  return {
    kind: 'student',
    name: page.name,
    number: page.student_number,
    grade: page.grade,
    class: page.class,
    seat: page.seat,
    score: results.keyed && student ? student.score : null,
    max: results.max_score,
    keyed: results.keyed,
    toCheck: Object.values(page.flags).filter((f) => OPEN.has(f)).length,
  };
}
