import type { Generated, Insertable, Selectable } from 'kysely';
import type { GradeSource, RubricScoring } from '../../../shared/scoring/written-points';

// Written answers graded (migrations 0710–0713, docs/grading.md). decimal columns come back from
// mysql2 as strings: the repositories turn them into numbers.

/** A rubric per written question of a card. */
export interface WrittenRubricsTable {
  id: Generated<number>;
  client_id: number;
  document_id: number;
  q: number;
  scoring: Generated<RubricScoring>;
  version: Generated<number>;
  user_id: number | null;
  username: Generated<string>;
  updated_at: Generated<Date>;
}
export type WrittenRubricRow = Selectable<WrittenRubricsTable>;

/** One item of a rubric: signed points, a description, an order (the first nine are keys 1–9). */
export interface RubricItemsTable {
  id: Generated<number>;
  rubric_id: number;
  position: number;
  points: string | number;
  description: Generated<string>;
}
export type NewRubricItem = Insertable<RubricItemsTable>;

/** One student's grade on one written question: `points` given directly, or (null) the rubric's items plus `adjustment`. */
export interface WrittenGradesTable {
  id: Generated<number>;
  client_id: number;
  document_id: number;
  student_id: number;
  q: number;
  points: string | number | null;
  adjustment: Generated<string | number>;
  comment: Generated<string>;
  source: GradeSource;
  version: Generated<number>;
  user_id: number | null;
  username: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type WrittenGradeRow = Selectable<WrittenGradesTable>;

export interface WrittenGradeItemsTable {
  grade_id: number;
  item_id: number;
}
