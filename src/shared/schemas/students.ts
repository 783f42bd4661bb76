import { z } from 'zod';
import { numeric, zOptionalId } from './ids';

const zSmall = numeric(z.number().int().min(1).max(999));

export const ZGradeListFilterSchema = z.object({ client_id: zOptionalId });
export const ZClassListFilterSchema = z.object({ client_id: zOptionalId, grade: zSmall });
export const ZStudentListFilterSchema = z.object({ client_id: zOptionalId, grade: zSmall.optional(), class: zSmall.optional() });

/** One roster row as the import preview shows it. */
export interface StudentImportRow {
  grade: number;
  class: number;
  seat: number;
  number: string;
  name: string;
}
