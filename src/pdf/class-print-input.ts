import { z } from 'zod';
import { ZHeaderFields } from '../shared/geometry/card-geometry';
import { EXAM_VERSIONS } from '../shared/geometry/page-code';

/**
 * One student as a class print writes them. `number` is text because schools print it as they
 * keep it (leading zeros, full-width digits); grade, class and seat are numbers because they
 * become filled digit bubbles a scanner reads back.
 */
export const ZPrintStudent = z.object({
  /** The students row id: the class print's page code names the student by it (S<id in base 36>). */
  id: z.number().int().positive().optional(),
  name: z.string(),
  number: z.string(),
  seat: z.number().int().min(0).optional(),
  grade: z.number().int().min(0).optional(),
  class: z.number().int().min(0).optional(),
  /** Printed in the header's className cell when the card has one, e.g. 三年七班. */
  className: z.string().optional(),
  /** A print in versions (A/B 卷): this student's version, in the page code and large in the header. */
  version: z.enum(EXAM_VERSIONS).optional(),
});
export type TPrintStudent = z.infer<typeof ZPrintStudent>;

/** 科別 and 科目 as the card's info names them now, printed in the header's cells. */
export const ZPrintInfo = z.object({ department: z.string(), subject: z.string() });
export type TPrintInfo = z.infer<typeof ZPrintInfo>;

/** The card-level half of a class print: the same for every student of the job. */
export const ZPrintCard = z.object({
  header: ZHeaderFields,
  /**
   * For cards converted with scan marks (map version 2): the card's document id and the map's
   * layout id, which every page's code carries. Absent for older conversions: no page codes.
   */
  code: z.object({ document: z.number().int().positive(), layout: z.string() }).optional(),
  info: ZPrintInfo.optional(),
});
export type TPrintCard = z.infer<typeof ZPrintCard>;
