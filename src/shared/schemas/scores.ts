import { z } from 'zod';
import { ZGuid } from './cards';
import { EXAM_VERSIONS } from '../geometry/page-code';
import type { SheetStudent } from './scan';

// Answer keys, scores and item analysis (docs/scores.md; issue 13): the inputs of both doors and
// the shapes the screens read. Scoring rules themselves: src/shared/scoring/rules.ts.

/** The question kinds a key scores (`free` questions are not machine-scored and have no key row). */
export const SCORED_KINDS = ['single', 'multi', 'truefalse', 'numeric'] as const;
export type QKind = (typeof SCORED_KINDS)[number];
export const SCORE_RULES = ['all', 'partial', 'exact'] as const;
export type Rule = (typeof SCORE_RULES)[number];

/** Points of one question: 0–100, in steps of 0.01. */
export const POINTS_MAX = 100;
/** Other accepted answers of one question. */
export const ACCEPTED_MAX = 8;

export interface KeyQuestion {
  q: number;
  showno: string;
  kind: QKind;
  options: string[];
  answer: string;
  accepted: string[];
  points: number;
  rule: Rule;
  bonus: boolean;
  dropped: boolean;
}

export interface ScannedKey {
  page_id: number;
  answers: Record<string, string>;
  scanned_at: string;
}

/** A version of the exam (A/B 卷) as the key tab shows it: its saved order, if any, and its scanned students. */
export interface VersionView {
  version: string;
  /** Per question as printed on this version: the master question and option order; null until saved. */
  questions: { q: number; master: number; options: string[] | null }[] | null;
  /** Students whose scanned sheets carry this version. */
  students: number;
  /** The newest scanned key sheet of this version (page codes …/K/V<letter>): its marks set the version's option order (`scores.useScannedKey` with `version`). */
  scanned_key: ScannedKey | null;
}

/**
 * A written (free-answer) question's key row (docs/grading.md "The maximum"): its maximum in half
 * points, counted in 滿分 and totals once saved. Until then `points` is what is offered: the sum of
 * its score fields' maxima (`field_max`), else 0.
 */
export interface WrittenKeyRow {
  q: number;
  showno: string;
  page: number;
  points: number;
  field_max: number | null;
  saved: boolean;
  bonus: boolean;
  dropped: boolean;
}

/** scores.key: every scorable question of the card's map, in map order, saved values or defaults. */
export interface KeyView {
  questions: KeyQuestion[];
  /** The written questions, in map order: maxima counted once saved. */
  written: WrittenKeyRow[];
  max_score: number;
  saved: boolean;
  updated_at: string | null;
  scanned_key: ScannedKey | null;
  /** Versions B–D seen on scanned sheets or given an order (A is the master: the key's own order). */
  versions: VersionView[];
}

const ZOptional = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(1).max(999).optional());
const ZAnswerText = z.string().trim().max(64, 'scores.answerTooLong');
/** Points of a question: 0 to POINTS_MAX in hundredths (the key, fast entry and the points helper). */
export const ZPoints = z.coerce
  .number({ error: 'scores.badPoints' })
  .min(0, 'scores.badPoints')
  .max(POINTS_MAX, 'scores.badPoints')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'scores.badPoints');
const ZRule = z.enum(SCORE_RULES, { error: 'scores.badRule' });

export const ZKeyGuidInput = z.object({ guid: ZGuid });
/** An exam version (A/B 卷, issue 26): A–D, any case; '' or absent is none. */
export const ZVersionInput = z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(EXAM_VERSIONS, { error: 'scores.badVersion' }).optional());
/** A version's option order: "BADC", or a list for options longer than one character. */
const ZVersionOptions = z.union([z.string().trim().max(32), z.array(z.string().trim().max(8)).max(16)]).nullable().optional();
/** A version's question order (scores.saveVersion; legacy `save answerKey` with `version`). */
export const ZVersionOrderEntry = z.object({ q: z.coerce.number().int().min(1).max(9999), master: z.coerce.number({ error: 'scores.badQuestion' }).int().min(1).max(9999), options: ZVersionOptions });
export const ZSaveVersionInput = z.object({
  guid: ZGuid,
  version: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(EXAM_VERSIONS, { error: 'scores.badVersion' })),
  questions: z.array(ZVersionOrderEntry).min(1, 'scores.emptyKey').max(2000),
});
export type TSaveVersionInput = z.infer<typeof ZSaveVersionInput>;

/** scores.useScannedKey: the master's scanned key sheet, or (with a version B–D) that version's, which sets its option order. */
export const ZUseScannedKeyInput = z.object({ guid: ZGuid, version: ZVersionInput });

/** `download keySheet`: the card's answer-key sheet, of one version when the exam has versions. */
export const ZKeySheetInput = z.object({ guid: ZGuid, version: ZVersionInput });

/** One question as saved: its options are checked against the card's map by the service. */
export const ZKeyQuestionInput = z.object({
  q: z.coerce.number().int().min(1).max(9999),
  answer: ZAnswerText,
  accepted: z.array(ZAnswerText).max(ACCEPTED_MAX, 'scores.tooManyAccepted').optional(),
  points: ZPoints,
  rule: ZRule,
  bonus: z.boolean().optional(),
  dropped: z.boolean().optional(),
});
export type TKeyQuestionInput = z.infer<typeof ZKeyQuestionInput>;

/** A written question's maximum: 0–100 in half points (the grading schemas' ZHalfPoints, which imports this file). */
const ZWrittenMax = ZPoints.refine((n) => Number.isInteger(n * 2), 'grading.badPoints');
export const ZWrittenKeyInput = z.object({ q: z.coerce.number().int().min(1).max(9999), points: ZWrittenMax, bonus: z.boolean().optional(), dropped: z.boolean().optional() });
export type TWrittenKeyInput = z.infer<typeof ZWrittenKeyInput>;

/** scores.saveKey: the questions given are saved; the key's other questions keep what they had. */
export const ZSaveKeyInput = z
  .object({ guid: ZGuid, questions: z.array(ZKeyQuestionInput).max(2000), written: z.array(ZWrittenKeyInput).max(2000).optional() })
  .refine((k) => k.questions.length + (k.written?.length ?? 0) > 0, { path: ['questions'], message: 'scores.emptyKey' });
export type TSaveKeyInput = z.infer<typeof ZSaveKeyInput>;

/** A yes/no of the legacy door: true/false, 1/0 or their strings, as integrators' forms send them. */
export const ZLegacyFlag = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 || v === '' ? false : v),
  z.boolean({ error: 'validation.invalid' }),
);

/** Legacy `save answerKey`: `key` maps a question number to its entry (LEGACY-API.md). */
const ZLegacyKeyEntry = z.object({
  answer: ZAnswerText.default(''),
  accepted: z.array(ZAnswerText).max(ACCEPTED_MAX, 'scores.tooManyAccepted').optional(),
  points: ZPoints.default(1),
  rule: ZRule.optional(),
  bonus: ZLegacyFlag.optional(),
  dropped: ZLegacyFlag.optional(),
  /** With `version` (B–D): the master question this printed question is, and its option order. */
  master: z.coerce.number({ error: 'scores.badQuestion' }).int().min(1).max(9999).optional(),
  options: ZVersionOptions,
});
export const ZLegacySaveKeyInput = z.object({
  guid: ZGuid,
  /** Absent or A: the master key. B–D: that version's question order (`master`, `options` per question). */
  version: ZVersionInput,
  key: z.record(z.string().regex(/^[1-9][0-9]{0,3}$/, 'scores.badQuestion'), ZLegacyKeyEntry),
});
export type TLegacySaveKeyInput = z.infer<typeof ZLegacySaveKeyInput>;

/** scores.results / scores.items / legacy `get scores`: one grade or class when asked. */
export const ZScoresInput = z.object({ guid: ZGuid, grade: ZOptional, class: ZOptional, version: ZVersionInput });
export type TScoresInput = z.infer<typeof ZScoresInput>;

export const EXPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
/** Legacy `download scores`: the workbook, the CSV, or the PDF report (per class: grade and class). */
export const ZScoresDownloadInput = ZScoresInput.extend({ format: z.enum(EXPORT_FORMATS, { error: 'scores.badFormat' }).default('xlsx') });
export type TScoresDownloadInput = z.infer<typeof ZScoresDownloadInput>;

export interface Stats {
  count: number;
  mean: number;
  median: number;
  /** Population standard deviation (the selection is the whole group, not a sample). */
  sd: number;
  max: number;
  min: number;
}

export interface StudentResult extends SheetStudent {
  /** The exam version the sheet carries (A/B 卷), null for a print without versions. */
  version?: string | null;
  /** The total: choice + written (docs/grading.md "Totals"). */
  score: number;
  choice: number;
  written: number;
  /** Per counted written question: its points, or null while ungraded. */
  written_points: Record<string, number | null>;
  /** Counted written answers of this student still ungraded. */
  ungraded: number;
  rank: number;
  answers: Record<string, string>;
  /** Per scored question: full points earned. Dropped and unkeyed questions are absent. */
  correct: Record<string, boolean>;
  /** Per scored question: the points earned. */
  points: Record<string, number>;
  flags: Record<string, string>;
}

export interface ResultQuestion {
  q: number;
  showno: string;
  kind: QKind;
  points: number;
  answer: string;
}

/** 缺考 / 補考 of one student of a card; null clears the mark. */
export const ZAttendanceInput = z.object({ guid: ZGuid, studentId: z.number().int().positive(), mark: z.enum(['absent', 'makeup']).nullable() });
export type TAttendanceInput = z.infer<typeof ZAttendanceInput>;

/** A roster student of the selection with no sheet: 缺考 (`absent`) unless marked 補考 (`makeup`); never scored, never in statistics. */
export interface AbsentStudent extends SheetStudent {
  mark: 'absent' | 'makeup';
}

/** A counted written question of the results: its maximum. */
export interface ResultWritten {
  q: number;
  showno: string;
  points: number;
}

export interface Results {
  /** Review items still open for this selection (unidentified pages count for every selection): 「尚有 N 項待確認」 while > 0. */
  pending_review: number;
  absent: AbsentStudent[];
  keyed: boolean;
  max_score: number;
  choice_max: number;
  written_max: number;
  questions: ResultQuestion[];
  written: ResultWritten[];
  /** Written answers of the selection still ungraded (「尚有 N 題未評分」). */
  ungraded: number;
  students: StudentResult[];
  stats: Stats | null;
  histogram: { from: number; to: number; count: number }[];
  classes: ({ grade: number; class: number } & Stats)[];
  /**
   * Students per exam version in the selection; a version other than A without a saved order is
   * `ordered: false` and its students are left out of scores and statistics until it has one.
   */
  versions: { version: string; students: number; ordered: boolean }[];
}

export const ITEM_FLAGS = ['negative_discrimination', 'distractor_above_key'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

export interface ItemAnalysis {
  q: number;
  showno: string;
  kind: QKind;
  key: string;
  difficulty: number | null;
  discrimination: number | null;
  /** Corrected point-biserial: r between the question and the rest of the score (src/shared/scoring/reliability.ts). */
  point_biserial: number | null;
  blank: number;
  options: { value: string; count: number; share: number; is_key: boolean }[];
  flags: ItemFlag[];
}

/** KR-20 (right-or-wrong questions of equal points) or Cronbach's α, and the standard error of measurement. */
export interface Reliability {
  method: 'kr20' | 'alpha';
  value: number;
  /** In points; null when the reliability is below 0. */
  sem: number | null;
  /** The counted questions (not bonus, not dropped, keyed). */
  questions: number;
  count: number;
}
