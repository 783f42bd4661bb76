import { z } from 'zod';
import { RUBRIC_SCORINGS } from '../scoring/written-points';
import { COMMENT_MAX, DESCRIPTION_MAX, RUBRIC_ITEMS_MAX, WRITTEN_SCORES_MAX } from '../grading-limits';
import { ZGuid } from './cards';
import { POINTS_MAX, ZLegacyFlag } from './scores';

// Written answers graded (docs/grading.md): the inputs both doors will take once phase 2 wires
// them (tRPC `grading.*`, legacy `save rubric` / `save writtenScores`); limits in
// src/shared/grading-limits.ts. Points of written answers go in half points.

const half = (n: number) => Number.isInteger(n * 2);

/** A written question's maximum or points given: 0 … 100 in steps of 0.5. */
export const ZHalfPoints = z.coerce
  .number({ error: 'grading.badPoints' })
  .min(0, 'grading.badPoints')
  .max(POINTS_MAX, 'grading.badPoints')
  .refine(half, 'grading.badPoints');

const signed = (message: string) => z.coerce.number({ error: message }).min(-POINTS_MAX, message).max(POINTS_MAX, message).refine(half, message);

const ZQuestion = z.coerce.number().int().min(1).max(9999);
/** The version the client last saw; 0 for "nothing saved yet". A save naming another version is refused. */
const ZVersion = z.number().int().min(0);

export const ZRubricItemInput = z.object({
  /** Present for an item already saved: it keeps its id, so the grades that applied it follow the edit. */
  id: z.number().int().positive().optional(),
  points: signed('grading.badItemPoints').refine((n) => n !== 0, 'grading.badItemPoints'),
  description: z.string().trim().max(DESCRIPTION_MAX, 'grading.descriptionTooLong'),
});

/** A rubric saved whole: its items in order (the first nine are keys 1–9). */
export const ZSaveRubricInput = z.object({
  guid: ZGuid,
  q: ZQuestion,
  version: ZVersion,
  scoring: z.enum(RUBRIC_SCORINGS),
  items: z.array(ZRubricItemInput).max(RUBRIC_ITEMS_MAX, 'grading.tooManyItems'),
});
export type TSaveRubricInput = z.infer<typeof ZSaveRubricInput>;

/** One grade from the grading screen: points given, or rubric items with an adjustment. */
export const ZSaveGradeInput = z
  .object({
    guid: ZGuid,
    student_id: z.number().int().positive(),
    q: ZQuestion,
    version: ZVersion,
    points: ZHalfPoints.nullable(),
    item_ids: z.array(z.number().int().positive()).max(RUBRIC_ITEMS_MAX, 'grading.tooManyItems'),
    adjustment: signed('grading.badAdjustment'),
    comment: z.string().trim().max(COMMENT_MAX, 'grading.commentTooLong'),
  })
  .refine((g) => g.points === null || (g.item_ids.length === 0 && g.adjustment === 0), { path: ['points'], message: 'grading.pointsOrItems' });
export type TSaveGradeInput = z.infer<typeof ZSaveGradeInput>;

/** Legacy `save writtenScores` (LEGACY-API.md): points given per student number and question. */
export const ZLegacyWrittenScoresInput = z.object({
  guid: ZGuid,
  scores: z
    .array(z.object({ student_number: z.string().trim().min(1).max(50), q: ZQuestion, points: ZHalfPoints, comment: z.string().trim().max(COMMENT_MAX, 'grading.commentTooLong').optional() }))
    .min(1)
    .max(WRITTEN_SCORES_MAX),
});
export type TLegacyWrittenScoresInput = z.infer<typeof ZLegacyWrittenScoresInput>;

/** One question of a card: the grading screen's rubric and grades. */
export const ZWrittenQuestionInput = z.object({ guid: ZGuid, q: ZQuestion });
export type TWrittenQuestionInput = z.infer<typeof ZWrittenQuestionInput>;

/** Take a grade back (the answer is ungraded again), at the version seen. */
export const ZRemoveGradeInput = z.object({ guid: ZGuid, student_id: z.number().int().positive(), q: ZQuestion, version: ZVersion.min(1) });
export type TRemoveGradeInput = z.infer<typeof ZRemoveGradeInput>;

/** The typed grid: points per student and question (an empty cell is not sent). */
export const ZGivePointsInput = z.object({
  guid: ZGuid,
  rows: z.array(z.object({ student_id: z.number().int().positive(), q: ZQuestion, points: ZHalfPoints })).min(1).max(WRITTEN_SCORES_MAX),
});
export type TGivePointsInput = z.infer<typeof ZGivePointsInput>;

/** A rubric as the screens and legacy `get rubric` read it; version 0 and no items before one is saved. */
export interface RubricView {
  q: number;
  scoring: (typeof RUBRIC_SCORINGS)[number];
  version: number;
  username: string;
  updated_at: string | null;
  /** `grades`: how many grades apply the item — what an edit of it re-scores. */
  items: { id: number; position: number; points: number; description: string; grades: number }[];
}

/** One grade as the screens read it: what was done, and the points it counts for now. */
export interface GradeView {
  student_id: number;
  q: number;
  /** Counted on read with the rubric and the maximum as they are now. */
  points: number;
  capped: boolean;
  /** Points given directly, or null for a rubric grade. */
  given: number | null;
  item_ids: number[];
  adjustment: number;
  comment: string;
  source: string;
  version: number;
  username: string;
  updated_at: string;
}

/** Legacy `download slips` (成績單): one class's slips, or one student's; rank and the scans optional. */
export const ZSlipsInput = z.object({
  guid: ZGuid,
  grade: z.coerce.number({ error: 'grading.slipsNeedClass' }).int().min(1).max(999),
  class: z.coerce.number({ error: 'grading.slipsNeedClass' }).int().min(1).max(999),
  student_number: z.string().trim().min(1).max(50).optional(),
  rank: ZLegacyFlag.default(false),
  scans: ZLegacyFlag.default(true),
});
export type TSlipsInput = z.infer<typeof ZSlipsInput>;

/** A slips job of the 成績 tab (its id from grading.slipsStart). */
export const ZSlipsJobInput = z.object({ job_id: z.string().trim().min(1).max(40) });

const ZOptionalNumber = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(1).max(999).optional());
/** The grading screen's students of question q (one grade or class when asked). */
export const ZSheetsInput = z.object({ guid: ZGuid, q: ZQuestion, grade: ZOptionalNumber, class: ZOptionalNumber });
export type TSheetsInput = z.infer<typeof ZSheetsInput>;

/** The crop of written question q from a scanned page. */
export const ZCropInput = z.object({ guid: ZGuid, q: ZQuestion, page_id: z.number().int().positive() });
export type TCropInput = z.infer<typeof ZCropInput>;
