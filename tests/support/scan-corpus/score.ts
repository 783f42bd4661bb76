import type { QuestionReading } from '../../../src/scan/page-reading';
import type { ExpectedQuestion } from './student-marks';

/**
 * How a reading of one question compares with what the pencil did: `right`; `flagged` (ambiguous
 * where the truth was certain: costs a person a look, never a grade); `wrong` (a certain answer
 * that is not the student's: the error that must never happen).
 */
export type Verdict = 'right' | 'flagged' | 'wrong';

export function verdict(expected: ExpectedQuestion, read: QuestionReading | undefined): Verdict {
  if (!read) return 'wrong';
  if (read.status === expected.status && (read.answer === expected.answer || expected.status === 'ambiguous')) return 'right';
  if (expected.ignoring && read.status === expected.ignoring && read.answer === expected.answer) return 'right';
  return read.status === 'ambiguous' ? 'flagged' : 'wrong';
}

export type Tally = { questions: number; right: number; flagged: number; wrong: number };

export function tally(pairs: Iterable<readonly [ExpectedQuestion, QuestionReading | undefined]>): Tally {
  const t: Tally = { questions: 0, right: 0, flagged: 0, wrong: 0 };
  for (const [e, r] of pairs) {
    t.questions++;
    t[verdict(e, r)]++;
  }
  return t;
}
