import { expect, it } from 'vitest';
import { needsReview, REVIEW_STATUSES, type PageReading } from './page-reading';
import { pageOutcome } from './page-record';

const reading = (over: Partial<PageReading> = {}): PageReading => ({
  status: 'read',
  code: { document: 7, layout: 'AB12', page: 2, student: 31 },
  upsideDown: false,
  residualMm: 0.2,
  header: null,
  flags: [],
  questions: [
    { q: 1, showno: '1', kind: 'single', answer: 'B', status: 'ok', fills: { A: 0, B: 0.9 } },
    { q: 2, showno: '2', kind: 'single', answer: '', status: 'blank', fills: { A: 0, B: 0 } },
    { q: 3, showno: '3', kind: 'multi', answer: 'AC', status: 'ok', fills: { A: 1, B: 0, C: 0.8 } },
  ],
  ...over,
});

it('keeps answers in question order and reports blanks without holding the page', () => {
  const out = pageOutcome(reading(), 7);
  expect(out).toMatchObject({ status: 'read', cardPage: 2, student: 31, answers: { 1: 'B', 2: '', 3: 'AC' }, flags: { 2: 'blank' } });
});

it('holds a page with an ambiguous or multiple mark for review', () => {
  const questions = reading().questions.map((q) => (q.q === 1 ? { ...q, answer: '', status: 'ambiguous' as const } : q));
  expect(pageOutcome(reading({ questions }), 7)).toMatchObject({ status: 'review', flags: { 1: 'ambiguous', 2: 'blank' } });
});

it('tells another card, a blank back and an unreadable page apart', () => {
  expect(pageOutcome(reading(), 8).status).toBe('wrong_card');
  expect(pageOutcome(reading({ status: 'foreign' }), 7).status).toBe('wrong_card');
  expect(pageOutcome(reading({ status: 'blank', code: null }), 7).status).toBe('blank');
  expect(pageOutcome(reading({ status: 'unreadable', code: null }), 7).status).toBe('unidentified');
  expect(pageOutcome(reading({ status: 'unidentified', code: null }), 7).status).toBe('unidentified');
});

it('stores an answer-key sheet (page code tail K) as a key page, even with a double mark', () => {
  const questions = reading().questions.map((q) => (q.q === 1 ? { ...q, answer: 'AB', status: 'multiple' as const } : q));
  const out = pageOutcome(reading({ code: { document: 7, layout: 'AB12', page: 1, key: true }, questions }), 7);
  expect(out).toMatchObject({ status: 'key', cardPage: 1, student: null, copy: null, answers: { 1: 'AB', 3: 'AC' } });
});

it('holds a page for review on the one definition of "needs review": multiple or ambiguous, never blank', () => {
  expect(REVIEW_STATUSES).toEqual(['multiple', 'ambiguous']);
  expect(['ok', 'blank', 'multiple', 'ambiguous', null].map(needsReview)).toEqual([false, false, true, true, false]);
  const unsure = reading({ questions: [{ q: 1, showno: '1', kind: 'single', answer: 'AB', status: 'multiple', fills: { A: 0.9, B: 0.9 } }] });
  expect(pageOutcome(unsure, 7).status).toBe('review');
});
