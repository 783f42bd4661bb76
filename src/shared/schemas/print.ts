import { z } from 'zod';
import { numeric } from './ids';
import { ZGuid } from './cards';

// Class printing (back-office.md "Print", §5, §7 `get PDF`; docs/print-service.md).

/** seat: by 座號 (the default); sort: by 學號, as the school keeps its numbers. */
export const PRINT_ORDERS = ['seat', 'sort'] as const;
export type PrintOrder = (typeof PRINT_ORDERS)[number];
export const ZPrintOrder = z.enum(PRINT_ORDERS).default('seat');

export const TICKET_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

const INCOMPLETE = 'print.selectionIncomplete';
const ZGrade = numeric(z.number({ message: INCOMPLETE }).int(INCOMPLETE).min(1, INCOMPLETE).max(99, INCOMPLETE));
const ZClass = numeric(z.number({ message: INCOMPLETE }).int(INCOMPLETE).min(1, INCOMPLETE).max(999, INCOMPLETE));

/** The print screen: a grade and at least one of its classes, else 'print data selection incomplete'. */
export const ZPrintRequest = z.object({
  guid: ZGuid,
  grade: ZGrade,
  classes: z.array(ZClass, { message: INCOMPLETE }).min(1, INCOMPLETE).max(200).transform((c) => [...new Set(c)].sort((a, b) => a - b)),
  order: ZPrintOrder,
  /** Also one file of every chosen class, in class order, each class starting on a new sheet. */
  combined: z.boolean().default(false),
});
export type TPrintRequest = z.infer<typeof ZPrintRequest>;

/** Legacy `{get PDF, grade, class, guid, order}`: one class, answered as its file. */
export const ZGetPdfInput = z.object({ guid: ZGuid, grade: ZGrade, class: ZClass, order: ZPrintOrder });

export const ZTicketIdInput = z.object({ ticketId: numeric(z.number().int().positive()) });
