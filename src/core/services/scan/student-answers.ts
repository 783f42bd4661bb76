import type { Db } from '../../../data/db/database';
import type { SheetStudent } from '../../../shared/schemas/scan';
import { scoreFieldKey } from '../../../shared/scoring/written-totals';
import { laterScans } from '../../../shared/sheet-pages';
import { answerCorrectionsOfDocument, pagesOfDocument, type ScanPageView } from '../../../data/repos/scan.repo';

// The answers of a card per student (docs/scan-batches.md "Answers"): every identified page of
// every batch, the later scan of a student's page replacing an earlier one (which review lists
// as a duplicate; src/shared/sheet-pages.ts), then review's corrections over the read values.

export interface StudentAnswers extends SheetStudent {
  answers: Record<string, string>;
  /** Questions still blank, multiple or ambiguous after corrections; `corrected` where review set the answer. */
  flags: Record<string, string>;
  /** The exam version (A/B 卷) the sheet's page codes carry; null for a print without versions. */
  version: string | null;
  /** The pages that make up the sheet, by card page. */
  pages: { card_page: number; page_id: number }[];
}

/** Whether page `a` was scanned after `b`: a later batch, or later in the same upload (docs/scan-batches.md "Stack order"). */
export const scannedAfter = (a: { batch_id: number; page_index: number }, b: { batch_id: number; page_index: number }): boolean =>
  a.batch_id > b.batch_id || (a.batch_id === b.batch_id && a.page_index > b.page_index);

/** The winning page of each (student, card page), and the earlier ones it replaced; `pages` in stack order (pagesOfDocument). */
export function latestPages<P extends ScanPageView>(pages: readonly P[]): { winners: P[]; duplicates: P[] } {
  const { winners, earlier } = laterScans(pages);
  return { winners, duplicates: earlier };
}

/**
 * Review's decisions per page: each page's own corrections, and those of an earlier scan of the
 * same student page carried over to the rescan where its marks are unchanged (the same read value
 * and flag), so a rescan loses no decision (docs/scan-batches.md "Rescans").
 */
export function decisionsOf(pages: readonly ScanPageView[], rows: readonly { page_id: number; q: number; value: string }[], keyOf: (q: number) => string = String): Map<number, Map<number, string>> {
  const own = new Map<number, Map<number, string>>();
  for (const c of rows) {
    if (!own.has(c.page_id)) own.set(c.page_id, new Map());
    own.get(c.page_id)!.set(c.q, c.value);
  }
  const decided = new Map(own);
  laterScans(pages, {
    each: (page, earlier) => {
      const carried = earlier ? decided.get(earlier.id) : undefined;
      if (!earlier || !carried) return;
      const [was, wasFlags, now, nowFlags] = [earlier.answers, earlier.flags, page.answers, page.flags].map((j) => JSON.parse(j) as Record<string, string>);
      const mine = new Map(own.get(page.id) ?? []);
      for (const [q, value] of carried) {
        const k = keyOf(q);
        if (!mine.has(q) && was[k] === now[k] && wasFlags[k] === nowFlags[k]) mine.set(q, value);
      }
      decided.set(page.id, mine);
    },
  });
  return decided;
}

/** The answers of every student of the card, or of one grade or class. */
export async function studentAnswersOf(db: Db, clientId: number, documentId: number, of: { grade?: number; class?: number } = {}): Promise<StudentAnswers[]> {
  const [pages, decided, scored] = await Promise.all([
    pagesOfDocument(db, clientId, documentId, of),
    answerCorrectionsOfDocument(db, clientId, documentId),
    answerCorrectionsOfDocument(db, clientId, documentId, 'score'),
  ]);
  const { winners } = latestPages(pages);
  const corrections = decisionsOf(pages, decided);
  // Review's points for a score field (閱卷給分格) stand in the field's own entry `s<q>` (docs/grading.md "Review of a score field").
  const scores = decisionsOf(pages, scored, scoreFieldKey);
  const students = new Map<number, StudentAnswers>();
  for (const page of winners) {
    const id = page.student_id!;
    const student =
      students.get(id) ??
      ({ student_id: id, student_number: page.student_number!, name: page.student_name!, grade: page.grade!, class: page.class!, seat: page.seat!, version: null, answers: {}, flags: {}, pages: [] } satisfies StudentAnswers);
    students.set(id, student);
    student.pages.push({ card_page: page.card_page!, page_id: page.id });
    student.version ??= page.version;
    const flags = JSON.parse(page.flags) as Record<string, string>;
    Object.assign(student.answers, JSON.parse(page.answers));
    Object.assign(student.flags, flags);
    for (const [q, value] of corrections.get(page.id) ?? []) {
      student.answers[String(q)] = value;
      student.flags[String(q)] = 'corrected';
    }
    for (const [q, value] of scores.get(page.id) ?? []) {
      student.answers[scoreFieldKey(q)] = value;
      student.flags[scoreFieldKey(q)] = 'corrected';
    }
  }
  // Question numbers are integer keys, which a JS object already lists in ascending order.
  const sheets = [...students.values()];
  for (const s of sheets) s.pages.sort((a, b) => a.card_page - b.card_page);
  return sheets.sort((a, b) => a.grade - b.grade || a.class - b.class || a.seat - b.seat);
}
