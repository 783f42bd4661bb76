import type { KeyFill } from '../../../shared/scoring/key-entry';
import type { KeyQuestion, WrittenKeyRow } from '../../../shared/schemas/scores';

// The key as the teacher edits it before 儲存: the server's rows with the edits applied.

export function applyFills(draft: readonly KeyQuestion[], fills: readonly KeyFill[]): KeyQuestion[] {
  const byQ = new Map(fills.map((f) => [f.q, f]));
  return draft.map((row) => {
    const fill = byQ.get(row.q);
    return fill ? { ...row, ...(fill.answer !== undefined ? { answer: fill.answer } : {}), ...(fill.points !== undefined ? { points: fill.points } : {}) } : row;
  });
}

/** Points for the chosen questions, or for all of them when none is chosen. */
export function setPoints(draft: readonly KeyQuestion[], points: number, chosen: ReadonlySet<number>): KeyQuestion[] {
  return draft.map((row) => (chosen.size === 0 || chosen.has(row.q) ? { ...row, points } : row));
}

const saved = (row: KeyQuestion) => ({ q: row.q, answer: row.answer, accepted: row.accepted, points: row.points, rule: row.rule, bonus: row.bonus, dropped: row.dropped });

/** What 儲存 sends for each question. */
export const toSaveInput = (draft: readonly KeyQuestion[]) => draft.map(saved);

export const isDirty = (draft: readonly KeyQuestion[], server: readonly KeyQuestion[]) => JSON.stringify(toSaveInput(draft)) !== JSON.stringify(toSaveInput(server));

/** What 儲存 sends for the written questions: the rows with a maximum set (an untouched, unsaved row stays uncounted). */
export const toWrittenInput = (draft: readonly WrittenKeyRow[]) => draft.filter((r) => r.saved).map((r) => ({ q: r.q, points: r.points, bonus: r.bonus, dropped: r.dropped }));

export const isWrittenDirty = (draft: readonly WrittenKeyRow[], server: readonly WrittenKeyRow[]) => JSON.stringify(toWrittenInput(draft)) !== JSON.stringify(toWrittenInput(server));
