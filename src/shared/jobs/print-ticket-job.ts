import { z } from 'zod';
import { ZRequestId } from './request-id';

/** A print ticket (docs/print-service.md): everything else is read from its row in MySQL. */
export const ZPrintTicketJob = z.object({ ticketId: z.number().int().positive(), requestId: ZRequestId });

/** The BullMQ job id of a ticket: one job per ticket, so queueing it twice adds nothing. */
export const ticketJobId = (ticketId: number): string => `ticket-${ticketId}`;

/** Where a ticket's class file is stored: fixed by ticket and class, so a re-run overwrites it. */
export const classFileKey = (ticket: { client_id: number; id: number; grade: number }, klass: number): string =>
  `print/${ticket.client_id}/${ticket.id}/${ticket.grade}-${klass}.pdf`;

/** Where a ticket's combined file (every class, issue 14) is stored. */
export const gradeFileStorageKey = (ticket: { client_id: number; id: number; grade: number }): string => `print/${ticket.client_id}/${ticket.id}/${ticket.grade}-all.pdf`;

/** The class as the log and the header's className cell show it, e.g. 3年7班. */
export const classLabel = (grade: number, klass: number): string => `${grade}年${klass}班`;
