import type { CardGeometry, QuestionKind } from '../shared/geometry/card-geometry';
import type { MessageKey } from '../shared/i18n/tw';

// What the slip composer (成績單 / 答案卡回饋, docs/grading.md "Slips") draws from: the card's map
// and key, and per student the scanned pages and what was scored. Everything is decided before it
// gets here (the scores services count points; this only draws them), so the composer stays pure.

/**
 * One scanned page of a student, as stored: a greyscale JPEG, upright, and the homography from the
 * card's map (PDF points, top-left origin) to this image's pixels — row-major 3 × 3, h[8] = 1, as
 * the reader's `PageTransform.toImage` (src/scan/page-transform.ts), scaled to the stored image.
 * For an upright, unskewed page image at `dpi` whose pixel (0, 0) is the sheet's corner, it is the
 * plain scale `scaleTransform(dpi)`.
 */
export interface SlipPageImage {
  /** The card page, from 1. */
  page: number;
  jpeg: Uint8Array;
  toImage: readonly number[];
}

/** A choice question of the key: `key` its correct option values; `max` null when it counts for no one (dropped, not keyed). */
export interface SlipQuestion {
  q: number;
  showno: string;
  kind: QuestionKind;
  key: readonly string[];
  max: number | null;
}

export interface SlipWrittenQuestion {
  q: number;
  showno: string;
  /** The key's maximum; null while none is set. */
  max: number | null;
}

/** A student's choice answer: the option values marked (after review) and the points they earned (null: not counted). */
export interface SlipAnswer {
  marked: readonly string[];
  points: number | null;
}

/** A student's written grade: points (null: not graded yet), the rubric items applied and the comment. */
export interface SlipWrittenGrade {
  points: number | null;
  items: readonly { description: string; points: number }[];
  comment: string;
}

export interface SlipStudent {
  name: string;
  number: string;
  /** As the school writes it, e.g. 8年3班. */
  className: string;
  seat: number | null;
  pages: readonly SlipPageImage[];
  answers: Readonly<Record<number, SlipAnswer>>;
  written: Readonly<Record<number, SlipWrittenGrade>>;
  choiceTotal: number;
  writtenTotal: number;
  total: number;
  /** Class rank, when the teacher prints it. */
  rank: number | null;
}

export interface SlipCard {
  title: string;
  map: CardGeometry;
  questions: readonly SlipQuestion[];
  written: readonly SlipWrittenQuestion[];
  choiceMax: number;
  writtenMax: number;
  maxScore: number;
  /** Students ranked, for 名次 n / size. */
  classSize: number;
}

/** The caller's catalogue in the user's language (src/shared/i18n/translate.ts). */
export type SlipText = (key: MessageKey, params?: Record<string, string | number>) => string;

export interface SlipOptions {
  /** The one-page summary without scans, first for each student. */
  summary: boolean;
  /** The scanned pages, annotated. */
  scans: boolean;
}

/** The map → pixel transform of an upright page image at `dpi`, whose top-left pixel is the sheet's corner. */
export const scaleTransform = (dpi: number): number[] => [dpi / 72, 0, 0, 0, dpi / 72, 0, 0, 0, 1];
