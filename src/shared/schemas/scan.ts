import { z } from 'zod';
import { ZGuid } from './cards';

// Reading scans back (docs/scan-batches.md; LEGACY-API.md "Extensions for reading scans back").

export const SCAN_BATCH_STATES = ['queued', 'reading', 'done', 'failed'] as const;

export const ZScanGuidInput = z.object({ guid: ZGuid });
/** Legacy `import scans`: the guid, with the file as multipart `file`. */
export const ZImportScansInput = z.object({ guid: ZGuid });
export const ZScanBatchInput = z.object({ batch_id: z.coerce.number().int().positive() });
export const ZScanPageInput = z.object({ pageId: z.coerce.number().int().positive(), q: z.coerce.number().int().min(1).optional() });

const ZOptionalNumber = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(1).max(999).optional());
/** Legacy `get answers` and the screen's table: a card's answers, optionally of one grade or class. */
export const ZAnswersInput = z.object({ guid: ZGuid, grade: ZOptionalNumber, class: ZOptionalNumber });
export type TAnswersInput = z.infer<typeof ZAnswersInput>;

/** One review decision (scan_corrections): an answer of a question, a page's student, or discarding a page. */
export const ZScanCorrection = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('answer'), pageId: z.number().int().positive(), q: z.number().int().min(1), value: z.string().max(64).regex(/^[0-9A-Za-z]*$/, 'scan.badAnswer') }),
  z.object({ kind: z.literal('student'), pageId: z.number().int().positive(), studentId: z.number().int().positive() }),
  z.object({ kind: z.literal('discard'), pageId: z.number().int().positive(), discard: z.boolean() }),
]);
export type TScanCorrection = z.infer<typeof ZScanCorrection>;

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
