import type { Db } from '../../src/data/db/database';
import type { FileStorage } from '../../src/data/storage/file-storage';
import type { CardGeometryV2, QuestionKind } from '../../src/shared/geometry/card-geometry';
import { PAGE_CODE_RECT, SCAN_MARKS } from '../../src/shared/geometry/scan-layout';
import type { PageReading, QuestionReading } from '../../src/scan/page-reading';
import { LAYOUT, storeScanCard } from './scan-fixtures';

// Review fixtures (issue 24): a two-page card holding every kind of question review must save —
// page 1: q1 single A–D, q2 multi A–D, q3 是非 (是/否), q4 numeric (0–9 and −); page 2: q5 single,
// q6 是非 — and readings of it by question: `{ q: 'B' }` read ok, `{ q: ['?', fills] }` ambiguous,
// `{ q: ['!', fills] }` multiple.

const KINDS: { page: number; q: number; kind: QuestionKind; options: string[] }[] = [
  { page: 1, q: 1, kind: 'single', options: ['A', 'B', 'C', 'D'] },
  { page: 1, q: 2, kind: 'multi', options: ['A', 'B', 'C', 'D'] },
  { page: 1, q: 3, kind: 'truefalse', options: ['是', '否'] },
  { page: 1, q: 4, kind: 'numeric', options: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-'] },
  { page: 2, q: 5, kind: 'single', options: ['A', 'B', 'C', 'D'] },
  { page: 2, q: 6, kind: 'truefalse', options: ['是', '否'] },
];

export function reviewTestMap(): CardGeometryV2 {
  const groups = KINDS.map((k, i) => ({ page: k.page, q: k.q, showno: String(k.q), kind: k.kind, rect: { x: 60, y: 120 + i * 30, w: 420, h: 20 } }));
  const bubbles = KINDS.flatMap((k, i) => k.options.map((value, v) => ({ page: k.page, q: k.q, value, showno: String(k.q), rect: { x: 90 + v * 30, y: 124 + i * 30, w: 16, h: 12 } })));
  return { version: 2, page: { w: 595.28, h: 841.89 }, pages: 2, bubbles, groups, header: null, layout: LAYOUT, marks: [...SCAN_MARKS], pageCode: { rect: PAGE_CODE_RECT, module: 0.6 } };
}

export const storeReviewCard = (db: Db, storage: FileStorage, owner: { schoolId: number; userId: number }, title = '複查測試卷') => storeScanCard(db, storage, owner, title, reviewTestMap());

export type Marks = Record<number, string | ['?' | '!', Record<string, number>, Partial<{ proposal: string; style: string }>?]>;

/** The questions of a card page as read: unlisted questions read blank. */
export function questionsOf(cardPage: number, marks: Marks): QuestionReading[] {
  return KINDS.filter((k) => k.page === cardPage).map((k) => {
    const mark = marks[k.q] ?? '';
    if (typeof mark === 'string') {
      const fills = Object.fromEntries(k.options.map((o) => [o, mark.includes(o) ? 0.9 : 0.02]));
      return { q: k.q, showno: String(k.q), kind: k.kind, answer: mark, status: mark === '' ? 'blank' : 'ok', fills };
    }
    const [sign, given, extra] = mark;
    const fills = Object.fromEntries(k.options.map((o) => [o, given[o] ?? 0.02]));
    const answer = k.options.filter((o) => fills[o] >= 0.6).join('');
    return { q: k.q, showno: String(k.q), kind: k.kind, answer, status: sign === '?' ? 'ambiguous' : 'multiple', fills, ...(extra ?? {}) } as QuestionReading;
  });
}

/** A read page of the review card. */
export function reviewPage(documentId: number, cardPage: number, student: number | null, marks: Marks, extra: Record<string, unknown> = {}): PageReading {
  return {
    status: 'read',
    code: { document: documentId, layout: LAYOUT, page: cardPage, ...(student ? { student } : {}) },
    upsideDown: false,
    residualMm: 0.3,
    header: null,
    flags: [],
    questions: questionsOf(cardPage, marks),
    ...extra,
  };
}
