import type { ScanPageStatus } from '../shared/scan-page-status';
import { needsReview, type PageReading, type QuestionStatus } from './page-reading';

/** What a reading means for the card a batch was uploaded for, before any student is looked up. */
export interface PageOutcome {
  status: ScanPageStatus;
  cardPage: number | null;
  /** The student id the page code names (class prints), to be checked against the school's roster. */
  student: number | null;
  copy: number | null;
  /** The exam version (A/B 卷) the page code carries. */
  version: string | null;
  answers: Record<string, string>;
  flags: Record<string, Exclude<QuestionStatus, 'ok'>>;
}

/**
 * Maps the reader's page statuses onto the batch's (LEGACY-API.md "scanBatch"): a page of another
 * card (or another conversion of this one) is `wrong_card`; one without a usable code is
 * `unidentified`; one with an unsure mark is `review`. Identification by roster happens after.
 */
export function pageOutcome(reading: PageReading, documentId: number): PageOutcome {
  const none: PageOutcome = { status: 'unidentified', cardPage: null, student: null, copy: null, version: null, answers: {}, flags: {} };
  if (reading.status === 'blank') return { ...none, status: 'blank' };
  if (reading.status === 'foreign' || (reading.code && reading.code.document !== documentId)) return { ...none, status: 'wrong_card', cardPage: reading.code?.page ?? null };
  if (reading.status !== 'read' || !reading.code) return none;
  const answers: Record<string, string> = {};
  const flags: PageOutcome['flags'] = {};
  for (const q of reading.questions) {
    answers[String(q.q)] = q.answer;
    if (q.status !== 'ok') flags[String(q.q)] = q.status;
  }
  const unsure = reading.questions.some((q) => needsReview(q.status));
  return {
    // An answer-key sheet (page code tail K) is nobody's page: stored as `key`, never in the answers.
    status: reading.code.key ? 'key' : unsure ? 'review' : 'read',
    cardPage: reading.code.page,
    student: reading.code.student ?? null,
    copy: reading.code.copy ?? null,
    version: reading.code.version ?? null,
    answers,
    flags,
  };
}
