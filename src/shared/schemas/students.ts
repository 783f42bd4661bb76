import type { ExamVersion } from '../geometry/page-code';
import { z } from 'zod';
import { numeric, zOptionalId } from './ids';

const zSmall = numeric(z.number().int().min(1).max(999));

export const ZGradeListFilterSchema = z.object({ client_id: zOptionalId });
export const ZClassListFilterSchema = z.object({ client_id: zOptionalId, grade: zSmall });
export const ZStudentListFilterSchema = z.object({
  client_id: zOptionalId,
  grade: zSmall.optional(),
  class: zSmall.optional(),
  /** Part of a name or a student number (issue 14). */
  q: z.string().trim().max(50).optional(),
});

/** The per-page choices of the student list (issue 14). */
export const STUDENT_PAGE_SIZES = [15, 50, 100] as const;

const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max, 'import.cellTooLong');
const zPositive = (max: number) => z.coerce.number({ error: 'import.cellFormat' }).int('import.cellFormat').min(1, 'import.cellFormat').max(max, 'import.cellFormat');

/** One student added or edited by hand (a transfer student), without a re-import. */
export const ZStudentEditSchema = z.object({
  client_id: zOptionalId,
  /** Absent: a new student. */
  id: z.coerce.number().int().positive().optional(),
  grade: zPositive(999),
  class: zPositive(999),
  seat: zPositive(999),
  number: required(30),
  name: required(100),
});
export type TStudentEdit = z.infer<typeof ZStudentEditSchema>;
export const ZStudentIdSchema = z.object({ client_id: zOptionalId, id: z.coerce.number().int().positive() });

/** One roster row as the import preview shows it. */
export interface StudentImportRow {
  grade: number;
  class: number;
  seat: number;
  number: string;
  name: string;
  /** The optional 卷別 column (A–D): a print in versions may follow it (issue 26). */
  exam_version?: ExamVersion | null;
}
