import type { CardGeometry } from '../geometry/card-geometry';
import { SCORED_KINDS } from '../schemas/scores';
import { round2 } from './rules';

/**
 * The written (free-answer) questions of a card, from its map (docs/grading.md "Questions"): one
 * per question number whose groups are free answers — a free answer and its 自 part are one
 * question — in map order, with the page of its first group and the most its score fields let a
 * teacher mark (their sum; null without one), which the key offers as the question's maximum
 * until one is saved. A 自 part written under a choice question belongs to that choice question's
 * key row and is not a written question of its own.
 */
export interface WrittenQuestion {
  q: number;
  showno: string;
  page: number;
  fieldMax: number | null;
}

export function writtenQuestions(map: CardGeometry): WrittenQuestion[] {
  const scored = new Set(map.groups.filter((g) => (SCORED_KINDS as readonly string[]).includes(g.kind ?? 'single')).map((g) => g.q));
  const fields = 'scoreFields' in map ? (map.scoreFields ?? []) : [];
  const seen = new Set<number>();
  const questions: WrittenQuestion[] = [];
  for (const g of map.groups) {
    if (g.kind !== 'free' || scored.has(g.q) || seen.has(g.q)) continue;
    seen.add(g.q);
    const own = fields.filter((f) => f.q === g.q);
    questions.push({ q: g.q, showno: g.showno, page: g.page, fieldMax: own.length ? own.reduce((sum, f) => sum + f.max, 0) : null });
  }
  return questions;
}

/** A written key row that counts (docs/grading.md "The maximum"): saved, not dropped, worth something. */
export const countsWritten = (row: { saved: boolean; dropped: boolean; points: number }): boolean => row.saved && !row.dropped && row.points > 0;

/** The written part of 滿分: the maxima of the written questions that count. */
export const writtenMax = (rows: readonly { saved: boolean; dropped: boolean; points: number }[]): number =>
  round2(rows.reduce((sum, row) => sum + (countsWritten(row) ? row.points : 0), 0));
