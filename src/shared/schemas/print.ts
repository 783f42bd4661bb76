import { z } from 'zod';
import { numeric } from './ids';
import { ZGuid } from './cards';

// Class printing (back-office.md "Print", §5, §7 `get PDF`; docs/print-service.md).

/** seat: by 座號 (the default); sort: by 學號, as the school keeps its numbers. */
export const PRINT_ORDERS = ['seat', 'sort'] as const;
export type PrintOrder = (typeof PRINT_ORDERS)[number];
export const ZPrintOrder = z.enum(PRINT_ORDERS).default('seat');

/** A print in versions: alternately by seat (A, B, A, B … along the seats), or the roster's 卷別. */
export const VERSION_BY = ['seat', 'roster'] as const;
export type VersionBy = (typeof VERSION_BY)[number];
export const MAX_VERSIONS = 4;

export const TICKET_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** 1 (no versions) to MAX_VERSIONS; legacy forms send it as text. */
export const ZVersions = numeric(z.number({ error: 'print.badVersions' }).int('print.badVersions').min(1, 'print.badVersions').max(MAX_VERSIONS, 'print.badVersions')).default(1);
const ZVersionBy = z.enum(VERSION_BY, { error: 'print.badVersions' }).default('seat');

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
  /** A print in versions (A/B 卷): 1 (none) to 4 (A–D). */
  versions: ZVersions,
  /** How students get their version: alternately by seat, or the roster's 卷別 column. */
  version_by: ZVersionBy,
});
export type TPrintRequest = z.infer<typeof ZPrintRequest>;

/** Legacy `{get PDF, grade, class, guid, order}`: one class, answered as its file. */
export const ZGetPdfInput = z.object({ guid: ZGuid, grade: ZGrade, class: ZClass, order: ZPrintOrder, versions: ZVersions, version_by: ZVersionBy });

export const ZTicketIdInput = z.object({ ticketId: numeric(z.number().int().positive()) });
