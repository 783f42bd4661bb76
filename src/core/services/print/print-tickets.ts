import type { TPrintRequest } from '../../../shared/schemas/print';
import { requirePermission, type Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { classCounts, hasStudents, studentsWithoutVersion } from '../../../data/repos/print-roster.repo';
import { printedVersions, versionsOf } from '../../../shared/print/exam-versions';
import { findTicket, gradeFileLog, insertTicket, pendingTickets, recentSameSelection, recentTickets, ticketClasses, ticketsAhead } from '../../../data/repos/print-tickets.repo';
import { REPRINT_CONFIRM_MS } from '../../../shared/limits';
import { fairRank } from '../../../shared/queue-fairness';
import { classLabel, ticketJobId } from '../../../shared/jobs/print-ticket-job';
import { schoolTime } from '../cards/card-rows';
import { readableDocument } from '../cards/document-access';
import { currentRequestId } from '../../ops/log';
import { failureTextOrNull } from '../../errors/library-messages';
import type { Locale } from '../../../shared/limits';

// Class printing (back-office.md "Print"; docs/print-service.md): a request becomes a ticket —
// a MySQL row with one step per class, and one BullMQ job the print worker runs class by class.

const RECENT_TICKETS = 50;

/**
 * What a school prints: its cards, and its own school templates — a copy another school shared
 * to it among them, which the receiving teacher converts and prints as it is (docs/cards.md).
 */
async function printableDocument(deps: Deps, actor: Actor, guid: string) {
  requirePermission(actor, 'cards.print');
  const doc = await readableDocument(deps.db, actor, guid);
  if (doc.kind === 'template' && (doc.privacy !== 'client' || doc.client_id !== actor.clientId)) throw new AppError('NOT_FOUND', 'error.notFound');
  return doc;
}

/** The print screen's heading and guard: the document's title, PDF state and kind. */
export async function getPrintTarget(deps: Deps, actor: Actor, guid: string) {
  const doc = await printableDocument(deps, actor, guid);
  return { guid: doc.guid, title: doc.title, status: doc.status, kind: doc.kind };
}

/**
 * The card, if it may be printed: converted, and the school has students in the chosen classes;
 * in versions by the roster, every one of them with a 卷別 among the print's versions (a version
 * is never guessed: the sheet's version decides which key scores it).
 */
async function printable(deps: Deps, actor: Actor, input: Pick<TPrintRequest, 'guid' | 'grade' | 'classes'> & Partial<Pick<TPrintRequest, 'versions' | 'version_by'>>) {
  const doc = await printableDocument(deps, actor, input.guid);
  if (doc.status !== 'converted' || !doc.pdf_key || !doc.geometry_key) throw new AppError('BAD_REQUEST', 'print.notConverted');
  const counts = await classCounts(deps.db, actor.clientId, input.grade, input.classes);
  const classes = input.classes.filter((c) => (counts.get(c) ?? 0) > 0).map((c) => ({ class: c, expected: counts.get(c)! }));
  if (classes.length === 0) throw new AppError('BAD_REQUEST', (await hasStudents(deps.db, actor.clientId)) ? 'print.selectionIncomplete' : 'print.noStudents');
  if ((input.versions ?? 1) > 1 && input.version_by === 'roster') {
    const letters = versionsOf(input.versions!);
    const missing = await studentsWithoutVersion(deps.db, actor.clientId, input.grade, classes.map((c) => c.class), letters);
    if (missing.length > 0) {
      const first = missing[0];
      const example = `${classLabel(input.grade, first.class)} ${first.seat} 號 ${first.name}`;
      throw new AppError('BAD_REQUEST', 'print.rosterVersionsMissing', { count: missing.length, example, letters: letters.join('、') }, { version_by: 'print.rosterVersionsMissing' });
    }
  }
  return { doc, classes };
}

/**
 * The same card, grade, classes and order sent within REPRINT_CONFIRM_MS is most often a double
 * click or a colleague's print: the screen asks (`print.repeatOf`) before queueing it again.
 * Queueing itself is not refused — the legacy `get PDF` has no dialog to ask with.
 */
export async function findRepeat(deps: Deps, actor: Actor, input: TPrintRequest) {
  const { doc, classes } = await printable(deps, actor, input);
  const since = new Date(Date.now() - REPRINT_CONFIRM_MS);
  const earlier = await recentSameSelection(deps.db, { clientId: actor.clientId, documentId: doc.id, grade: input.grade, order: input.order, since });
  const wanted = classes.map((c) => c.class).join(',');
  const same = earlier.find((t) => t.classes === wanted);
  if (!same) return null;
  const labels = classes.map((c) => classLabel(input.grade, c.class)).join('、');
  return { ticketId: same.id, message: 'print.repeat' as const, params: { grade: input.grade, classes: labels, time: schoolTime(same.created_at).slice(11, 16) } };
}

/**
 * Fair ordering (src/shared/queue-fairness.ts, shared with scan parts): a ticket's BullMQ priority
 * is 1 + the tickets its school has pending, so schools take turns.
 */
export async function createTicket(deps: Deps, actor: Actor, input: TPrintRequest) {
  const { doc, classes } = await printable(deps, actor, input);
  const rank = fairRank(await pendingTickets(deps.db, actor.clientId));
  const ticketId = await insertTicket(
    deps.db,
    {
      client_id: actor.clientId,
      document_id: doc.id,
      user_id: actor.userId,
      username: actor.name,
      grade: input.grade,
      print_order: input.order,
      queue_rank: rank,
      total_students: classes.reduce((n, c) => n + c.expected, 0),
      combined: input.combined ? 1 : 0,
      versions: input.versions,
      version_by: input.version_by,
    },
    classes,
  );
  await deps.printQueue.add('ticket', { ticketId, requestId: currentRequestId() }, { jobId: ticketJobId(ticketId), priority: rank });
  return { ticketId, message: 'print.queued' as const };
}

/** A ticket of the actor's school: state, position while queued, its classes and their files; why it failed in `locale`. */
export async function getTicket(deps: Deps, actor: Actor, locale: Locale, ticketId: number) {
  requirePermission(actor, 'cards.print');
  const ticket = await findTicket(deps.db, ticketId);
  if (!ticket || ticket.client_id !== actor.clientId) throw new AppError('NOT_FOUND', 'print.ticketMissing');
  const classes = await ticketClasses(deps.db, ticketId);
  return {
    id: ticket.id,
    guid: ticket.guid,
    title: ticket.title,
    grade: ticket.grade,
    order: ticket.print_order,
    state: ticket.state,
    username: ticket.username,
    ahead: ticket.state === 'queued' ? await ticketsAhead(deps.db, ticket) : 0,
    totalStudents: ticket.total_students,
    doneStudents: ticket.done_students,
    error: failureTextOrNull(locale, ticket.error),
    createdAt: schoolTime(ticket.created_at),
    ...printedVersions(ticket),
    finishedAt: ticket.finished_at ? schoolTime(ticket.finished_at) : null,
    classes: classes.map((c) => ({ class: c.class, state: c.state, expected: c.expected, printed: c.printed, logId: c.log_id, filename: c.filename, note: failureTextOrNull(locale, c.note) })),
    /** The combined file of the whole selection, once written (print log row `<ticket>-all`). */
    gradeFile: ticket.combined ? ((await gradeFileLog(deps.db, ticket.id)) ?? null) : null,
  };
}

export async function listTickets(deps: Deps, actor: Actor) {
  requirePermission(actor, 'cards.print');
  const rows = await recentTickets(deps.db, actor.clientId, RECENT_TICKETS);
  return rows.map((r) => ({
    ...r,
    classes: (r.classes ?? '').split(',').filter(Boolean).map(Number),
    created_at: schoolTime(r.created_at),
    finished_at: r.finished_at ? schoolTime(r.finished_at) : null,
  }));
}
