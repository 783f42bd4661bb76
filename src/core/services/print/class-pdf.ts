import { setTimeout as sleep } from 'node:timers/promises';
import { PRINT_FILE_WAIT_MS } from '../../../shared/limits';
import type { MessageKey } from '../../../shared/i18n/tw';
import type { z } from 'zod';
import type { ZGetPdfInput } from '../../../shared/schemas/print';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { findTicket } from '../../../data/repos/print-tickets.repo';
import { classFileKey, classLabel } from '../../../shared/jobs/print-ticket-job';
import { createTicket } from './print-tickets';

// Legacy `{get PDF, grade, class, guid, order}` (back-office.md §7, §8): one class's print file,
// through a ticket like any other print, the answer waiting for it. A refusal the old client shows
// as an alert — card not converted, no students — is a JSON answer with code 200 and its message;
// a missing permission is the 403 envelope.

const REFUSALS = new Set<MessageKey>(['print.notConverted', 'print.noStudents', 'print.selectionIncomplete']);
const POLL_MS = 200;

export type ClassPdfAnswer = { refused: MessageKey; params?: Record<string, string> } | { body: Buffer; contentType: string; filename: string };

export async function getClassPdf(deps: Deps, actor: Actor, input: z.infer<typeof ZGetPdfInput>): Promise<ClassPdfAnswer> {
  let ticketId: number;
  try {
    ({ ticketId } = await createTicket(deps, actor, { guid: input.guid, grade: input.grade, classes: [input.class], order: input.order, combined: false, versions: input.versions, version_by: input.version_by }));
  } catch (error) {
    if (error instanceof AppError && REFUSALS.has(error.key)) return { refused: error.key };
    throw error;
  }
  const deadline = Date.now() + PRINT_FILE_WAIT_MS;
  for (;;) {
    const ticket = await findTicket(deps.db, ticketId);
    if (!ticket) throw new AppError('NOT_FOUND', 'print.ticketMissing');
    if (ticket.state === 'failed') return { refused: 'print.failed', params: { reason: ticket.error ?? '' } };
    if (ticket.state === 'done') {
      const body = await deps.storage.get(classFileKey(ticket, input.class));
      if (!body) throw new AppError('NOT_FOUND', 'card.log.fileMissing');
      return { body, contentType: 'application/pdf', filename: `${ticket.title}-${classLabel(ticket.grade, input.class)}.pdf` };
    }
    if (Date.now() > deadline) return { refused: 'print.timeout' };
    await sleep(POLL_MS);
  }
}
