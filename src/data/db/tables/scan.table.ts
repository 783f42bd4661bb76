import type { Generated, Insertable, Selectable } from 'kysely';
import type { ScanPageStatus } from '../../../shared/scan-page-status';

export type ScanBatchState = 'queued' | 'reading' | 'done' | 'failed';
/** `sheet`: a whole sheet's proposals accepted at once (q 0, value the sheet style); the answers themselves are `answer` rows. */
/** `score`: the points review decided for a score field (閱卷給分格), q the written question (docs/grading.md "Review of a score field"). */
export type ScanCorrectionKind = 'answer' | 'student' | 'discard' | 'sheet' | 'score';
export type AttendanceMark = 'absent' | 'makeup';

/** One uploaded scan file and its reading job (docs/scan-batches.md). */
export interface ScanBatchesTable {
  id: Generated<number>;
  client_id: number;
  document_id: number;
  user_id: number | null;
  username: Generated<string>;
  filename: string;
  file_key: string;
  file_size: Generated<number>;
  state: Generated<ScanBatchState>;
  pages_total: Generated<number>;
  pages_done: Generated<number>;
  /** JSON [{kind, pages}]: what the pages tell about the scan as a whole (migration 0610, docs/scan-batches.md "Warnings"). */
  warnings: Generated<string>;
  error: Generated<string | null>;
  created_at: Generated<Date>;
  finished_at: Generated<Date | null>;
  /** Deleted softly (migration 0621): its pages count for nothing until restored. */
  deleted_at: Generated<Date | null>;
  /** The uploaded file's SHA-256 (hex), to recognise an identical re-upload. */
  sha256: Generated<string | null>;
  /** The phone capture session the batch's one sheet was taken in (migration 0661): the scan screen lists a session as one item. */
  capture_session: Generated<string | null>;
}
export type ScanBatchRow = Selectable<ScanBatchesTable>;

/** A page range of a batch read as one job (migration 0650, docs/scan-batches.md "Parts"). */
export interface ScanBatchPartsTable {
  id: Generated<number>;
  batch_id: number;
  client_id: number;
  /** 1..n within the batch. */
  part_no: number;
  /** 1-based upload indexes, inclusive. */
  first_page: number;
  last_page: number;
  state: Generated<ScanBatchState>;
  pages_done: Generated<number>;
  /** The part's fair rank when queued (its BullMQ priority, queue-fairness.ts). */
  queue_rank: Generated<number>;
  error: Generated<string | null>;
  created_at: Generated<Date>;
  finished_at: Generated<Date | null>;
}
export type ScanBatchPartRow = Selectable<ScanBatchPartsTable>;

/** One page of a batch as read: `answers` and `flags` are JSON maps by question number. */
export interface ScanPagesTable {
  id: Generated<number>;
  batch_id: number;
  client_id: number;
  document_id: number;
  /** 1-based page of the upload. */
  page_index: number;
  status: ScanPageStatus;
  card_page: number | null;
  student_id: number | null;
  /** The blank copy number from the page code, for pages identified by their header bubbles. */
  copy_no: number | null;
  /** The exam version (A–D) the page code carries, for prints in versions (0752). */
  version: Generated<string | null>;
  upside_down: Generated<boolean>;
  answers: string;
  flags: string;
  /** The reader's whole PageReading, as JSON. */
  reading: string;
  image_key: string | null;
  /** A page without a readable code, measured against each card page (migration 0620): {"readings": {"<page>": PageReading}, "guess": page}. */
  assumed: Generated<string | null>;
  created_at: Generated<Date>;
}
export type ScanPageRow = Selectable<ScanPagesTable>;
export type NewScanPage = Insertable<ScanPagesTable>;

export interface ScanCorrectionsTable {
  id: Generated<number>;
  page_id: number;
  client_id: number;
  kind: ScanCorrectionKind;
  q: Generated<number>;
  value: Generated<string>;
  user_id: number | null;
  username: Generated<string>;
  created_at: Generated<Date>;
}
export type ScanCorrectionRow = Selectable<ScanCorrectionsTable>;

/** 缺考 / 補考 marks of a card's students (migration 0622). */
export interface ScanAttendanceTable {
  id: Generated<number>;
  client_id: number;
  document_id: number;
  student_id: number;
  mark: AttendanceMark;
  user_id: number | null;
  username: Generated<string>;
  created_at: Generated<Date>;
}
