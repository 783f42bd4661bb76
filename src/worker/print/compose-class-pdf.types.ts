import { z } from 'zod';
import { ZHeaderFields } from '../../shared/geometry/card-geometry';

/**
 * One student as a class print writes them. `number` is text because schools print it as they
 * keep it (leading zeros, full-width digits); grade, class and seat are numbers because they
 * become filled digit bubbles a scanner reads back.
 */
export const ZPrintStudent = z.object({
  name: z.string(),
  number: z.string(),
  seat: z.number().int().min(0).optional(),
  grade: z.number().int().min(0).optional(),
  class: z.number().int().min(0).optional(),
  /** Printed in the header's className cell when the card has one, e.g. 三年七班. */
  className: z.string().optional(),
});
export type TPrintStudent = z.infer<typeof ZPrintStudent>;

/** The card-level half of a class print: the same for every student of the job. */
export const ZPrintCard = z.object({
  header: ZHeaderFields,
  /** Goes into every student's barcode beside the student number, so a scan finds its card. */
  cardId: z.string().min(1),
});
export type TPrintCard = z.infer<typeof ZPrintCard>;
