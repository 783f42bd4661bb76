import type { QuestionReading } from '../../../src/scan/page-reading';
import type { ExpectedQuestion } from './student-marks';

/**
 * How a reading of one question compares with what the pencil did: `right`; `flagged` (ambiguous
 * or multiple where the truth was otherwise: costs a person a look, never a grade); `wrong` (a certain answer
 * that is not the student's: the error that must never happen).
 */
export type Verdict = 'right' | 'flagged' | 'wrong' | 'lost';

export function verdict(expected: ExpectedQuestion, read: QuestionReading | undefined): Verdict {
  if (!read) return 'wrong';
  if (read.status === expected.status && (read.answer === expected.answer || expected.status === 'ambiguous')) return 'right';
  if (expected.ignoring && read.status === expected.ignoring && read.answer === expected.answer) return 'right';
  // ambiguous, or two marks on a one-mark question: a person looks (page-record.ts REVIEW), nothing is graded silently.
  if (read.status === 'ambiguous' || read.status === 'multiple') return 'flagged';
  // A light mark a black-and-white scan wiped out: not the reader's error, and the page carries the scanner warning.
  return expected.bwLost ? 'lost' : 'wrong';
}

/** `lost`: read wrong because a black-and-white scan destroyed the mark (counted apart, never in `wrong`). */
export type Tally = { questions: number; right: number; flagged: number; wrong: number; lost?: number };

export function tally(pairs: Iterable<readonly [ExpectedQuestion, QuestionReading | undefined]>): Tally {
  const t: Tally = { questions: 0, right: 0, flagged: 0, wrong: 0 };
  for (const [e, r] of pairs) {
    t.questions++;
    const v = verdict(e, r);
    if (v === 'lost') t.lost = (t.lost ?? 0) + 1;
    else t[v]++;
  }
  return t;
}
