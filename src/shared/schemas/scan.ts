import { z } from 'zod';
import { ZGuid } from './cards';

// Reading scans back (docs/scan-batches.md; LEGACY-API.md "Extensions for reading scans back").

export const ZScanGuidInput = z.object({ guid: ZGuid });
/** Legacy `import scans`: the guid, with the file as multipart `file`. */
/** `again`: the same file was uploaded before and the user confirmed uploading it again. */
/** `capture`: the phone capture session the one sheet was taken in (docs/scan-batches.md "Capture with a phone"). */
export const ZCaptureSession = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);
export const ZImportScansInput = z.object({ guid: ZGuid, again: z.preprocess((v) => v === true || v === '1' || v === 'true', z.boolean()).optional(), capture: ZCaptureSession.optional() });
/** Deleting a batch (softly), or restoring it (`restore`). */
export const ZDeleteBatchInput = z.object({ batch_id: z.coerce.number().int().positive(), restore: z.boolean().optional() });
export const ZScanBatchInput = z.object({ batch_id: z.coerce.number().int().positive() });
/** A capture session's sheets deleted softly as one, or restored (`restore`: those its last deletion took). */
export const ZDeleteCaptureInput = z.object({ guid: ZGuid, capture: ZCaptureSession, restore: z.boolean().optional() });
/** The phone's captured sheets (their batches) whose state and result it waits for. */
export const ZCaptureSheetsInput = z.object({ guid: ZGuid, batch_ids: z.array(z.number().int().positive()).max(100) });
/** A page's image, or question q's row on it; with `field` the crop of q's score fields (閱卷給分格) instead. */
export const ZScanPageInput = z.object({ pageId: z.coerce.number().int().positive(), q: z.coerce.number().int().min(1).optional(), field: z.boolean().optional() });

const ZOptionalNumber = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(1).max(999).optional());
/** Legacy `get answers` and the screen's table: a card's answers, optionally of one grade or class. */
export const ZAnswersInput = z.object({ guid: ZGuid, grade: ZOptionalNumber, class: ZOptionalNumber });
export type TAnswersInput = z.infer<typeof ZAnswersInput>;

/** A person's answer: checked against the question's own options by the service (是非 as 是/否, O/X or 1/2). */
const ZReviewValue = z.string().trim().max(64);

/**
 * One review decision (scan_corrections): an answer of a question, the answers of a whole sheet
 * (`sheet`: the sheet style whose proposals were accepted), a page's student (with the card page
 * for a page without code), discarding a page — or undoing one of these.
 */
export const ZScanCorrection = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('answer'), pageId: z.number().int().positive(), q: z.number().int().min(1), value: ZReviewValue }),
  z.object({
    kind: z.literal('answers'),
    pageId: z.number().int().positive(),
    answers: z.record(z.string().regex(/^[1-9][0-9]{0,3}$/), ZReviewValue).refine((a) => Object.keys(a).length > 0 && Object.keys(a).length <= 500),
    sheet: z.string().max(10).optional(),
  }),
  z.object({ kind: z.literal('student'), pageId: z.number().int().positive(), studentId: z.number().int().positive(), cardPage: z.number().int().min(1).max(999).optional() }),
  z.object({ kind: z.literal('discard'), pageId: z.number().int().positive(), discard: z.boolean() }),
  /** A score field's points (閱卷給分格, a `score` item): 0 … the question's maximum in half points, '' to leave it for grading on screen. */
  z.object({ kind: z.literal('score'), pageId: z.number().int().positive(), q: z.number().int().min(1), value: z.string().trim().max(10) }),
  z.object({ kind: z.literal('undo'), pageId: z.number().int().positive(), what: z.enum(['answer', 'student', 'discard', 'score']), qs: z.array(z.number().int().min(1)).max(500).optional() }),
]);
export type TScanCorrection = z.infer<typeof ZScanCorrection>;

/** Legacy `save correction`: an item of `get review` and exactly one decision. */
export const ZLegacyCorrection = z
  .object({
    guid: ZGuid,
    item_id: z.string().regex(/^([qf]-[0-9]{1,10}-[0-9]{1,4}|s-[0-9]{1,10}|p-[0-9]{1,10})$/, 'scan.itemMissing'),
    answer: z.string().max(64).optional(),
    answers: z.record(z.string().regex(/^[1-9][0-9]{0,3}$/), z.string().max(64)).optional(),
    student_number: z.string().trim().min(1).max(50).optional(),
    card_page: z.coerce.number().int().min(1).max(999).optional(),
    discard: z.literal(true).optional(),
  })
  .refine((v) => [v.answer, v.answers, v.student_number, v.discard].filter((x) => x !== undefined).length === 1, { message: 'scan.oneDecision', path: ['answer'] });
export type TLegacyCorrection = z.infer<typeof ZLegacyCorrection>;

/** The sheet view: a student's sheet, or one scanned page. */
export const ZSheetInput = z
  .object({ guid: ZGuid, studentId: z.number().int().positive().optional(), pageId: z.number().int().positive().optional() })
  .refine((v) => (v.studentId === undefined) !== (v.pageId === undefined), { message: 'scan.pageMissing' });
export type TSheetInput = z.infer<typeof ZSheetInput>;

/** A student by class and seat (the unidentified-page form). */
export const ZStudentAtSeat = z.object({ guid: ZGuid, grade: z.number().int().min(1).max(99), class: z.number().int().min(1).max(999), seat: z.number().int().min(1).max(999) });

export const ZStudentLookup = z.object({ guid: ZGuid, number: z.string().trim().min(1).max(50) });

/** Who a read answer sheet belongs to: the student's row as the answers, scores and exports show it. */
export interface SheetStudent {
  student_id: number;
  student_number: string;
  name: string;
  grade: number;
  class: number;
  seat: number;
}
