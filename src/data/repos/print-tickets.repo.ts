import { sql, type Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { PrintOrder } from '../../shared/schemas/print';
import type { NewPrintTicket, PrintTicketClassesTable, PrintTicketRow, PrintTicketsTable } from '../db/tables/print-tickets.table';

// Print tickets and their class steps (docs/print-service.md): written by the print service when
// queued, then by the print worker as it runs.

const PENDING = ['queued', 'running'] as const;

export async function insertTicket(db: Db, ticket: NewPrintTicket, classes: readonly { class: number; expected: number }[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.insertInto('print_tickets').values(ticket).executeTakeFirstOrThrow();
    const id = Number(result.insertId);
    await trx
      .insertInto('print_ticket_classes')
      .values(classes.map((c) => ({ ticket_id: id, class: c.class, expected: c.expected })))
      .execute();
    return id;
  });
}

/** Tickets of the school still to finish: the fairness rank of its next ticket is this + 1. */
export async function pendingTickets(db: Db, clientId: number): Promise<number> {
  const row = await db
    .selectFrom('print_tickets')
    .select(sql<number>`count(*)`.as('n'))
    .where('client_id', '=', clientId)
    .where('state', 'in', PENDING)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Tickets that start before this queued one: those running, and those queued ahead in BullMQ's order. */
export async function ticketsAhead(db: Db, ticket: Pick<PrintTicketRow, 'id' | 'queue_rank'>): Promise<number> {
  const row = await db
    .selectFrom('print_tickets')
    .select(sql<number>`count(*)`.as('n'))
    .where((eb) =>
      eb.or([
        eb('state', '=', 'running'),
        eb.and([
          eb('state', '=', 'queued'),
          eb.or([eb('queue_rank', '<', ticket.queue_rank), eb.and([eb('queue_rank', '=', ticket.queue_rank), eb('id', '<', ticket.id)])]),
        ]),
      ]),
    )
    .where('id', '!=', ticket.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findTicket(db: Db, id: number) {
  return db
    .selectFrom('print_tickets as t')
    .innerJoin('documents as d', 'd.id', 't.document_id')
    .selectAll('t')
    .select(['d.guid', 'd.title', 'd.department', 'd.subject', 'd.pdf_key', 'd.geometry_key', 'd.status as document_status'])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

export function ticketClasses(db: Db, ticketId: number) {
  return db
    .selectFrom('print_ticket_classes as c')
    .leftJoin('print_logs as l', 'l.id', 'c.log_id')
    .select(['c.class', 'c.state', 'c.expected', 'c.printed', 'c.log_id', 'c.note', 'l.filename'])
    .where('c.ticket_id', '=', ticketId)
    .orderBy('c.class')
    .execute();
}

export function recentTickets(db: Db, clientId: number, limit: number) {
  return db
    .selectFrom('print_tickets as t')
    .innerJoin('documents as d', 'd.id', 't.document_id')
    .select(['t.id', 't.grade', 't.state', 't.username', 't.total_students', 't.done_students', 't.created_at', 't.finished_at', 'd.title', 'd.guid'])
    .select((eb) => eb.selectFrom('print_ticket_classes as c').select(sql<string>`group_concat(c.class order by c.class)`.as('x')).whereRef('c.ticket_id', '=', 't.id').as('classes'))
    .where('t.client_id', '=', clientId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
}

/** Tickets MySQL still counts as pending, for re-queueing after Redis lost them. */
export function pendingTicketIds(db: Db) {
  return db.selectFrom('print_tickets').select(['id', 'queue_rank']).where('state', 'in', PENDING).orderBy('id').execute();
}

export async function updateTicket(db: Db, id: number, patch: Updateable<PrintTicketsTable>): Promise<void> {
  await db.updateTable('print_tickets').set(patch).where('id', '=', id).execute();
}

export async function updateTicketClass(db: Db, ticketId: number, klass: number, patch: Updateable<PrintTicketClassesTable>): Promise<void> {
  await db.updateTable('print_ticket_classes').set(patch).where('ticket_id', '=', ticketId).where('class', '=', klass).execute();
}

/**
 * A class's file is stored: its log row (one per ticket_key, however often the class ran), the
 * step marked done and the ticket's count recomputed from its done steps, in one transaction.
 */
export async function recordClassDone(
  db: Db,
  step: { ticketId: number; class: number; printed: number },
  log: { document_id: number; client_id: number; user_id: number | null; username: string; filename: string; class: string; storage_key: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ticketKey = `${step.ticketId}-${step.class}`;
    await trx
      .insertInto('print_logs')
      .values({ ...log, ticket_key: ticketKey })
      .onDuplicateKeyUpdate({ filename: log.filename, storage_key: log.storage_key })
      .execute();
    const row = await trx.selectFrom('print_logs').select('id').where('ticket_key', '=', ticketKey).executeTakeFirstOrThrow();
    await trx
      .updateTable('print_ticket_classes')
      .set({ state: 'done', printed: step.printed, note: null, log_id: row.id })
      .where('ticket_id', '=', step.ticketId)
      .where('class', '=', step.class)
      .execute();
    const done = trx.selectFrom('print_ticket_classes').select(sql<number>`coalesce(sum(printed), 0)`.as('n')).where('ticket_id', '=', step.ticketId).where('state', '=', 'done');
    await trx.updateTable('print_tickets').set({ done_students: sql`(${done})` }).where('id', '=', step.ticketId).execute();
    return row.id;
  });
}

/** The school's tickets of this card, grade and order since `since`, each with its classes ("1,2,3"). */
export function recentSameSelection(db: Db, q: { clientId: number; documentId: number; grade: number; order: PrintOrder; since: Date }) {
  return db
    .selectFrom('print_tickets as t')
    .select(['t.id', 't.created_at'])
    .select((eb) => eb.selectFrom('print_ticket_classes as c').select(sql<string>`group_concat(c.class order by c.class)`.as('x')).whereRef('c.ticket_id', '=', 't.id').as('classes'))
    .where('t.client_id', '=', q.clientId)
    .where('t.document_id', '=', q.documentId)
    .where('t.grade', '=', q.grade)
    .where('t.print_order', '=', q.order)
    .where('t.state', '!=', 'failed')
    .where('t.created_at', '>=', q.since)
    .orderBy('t.id', 'desc')
    .execute();
}

/** The print log row of a ticket's combined file. */
export function gradeFileLog(db: Db, ticketId: number) {
  return db.selectFrom('print_logs').select(['id as logId', 'filename']).where('ticket_key', '=', gradeFileKey(ticketId)).executeTakeFirst();
}

/** The print-log key of a ticket's combined file (class files use `<ticket>-<class>`). */
export const gradeFileKey = (ticketId: number): string => `${ticketId}-all`;

/** The combined file's log row, once per ticket (a re-run updates it in place). */
export async function recordGradeFile(
  db: Db,
  ticketId: number,
  log: { document_id: number; client_id: number; user_id: number | null; username: string; filename: string; class: string; storage_key: string },
): Promise<void> {
  await db
    .insertInto('print_logs')
    .values({ ...log, ticket_key: gradeFileKey(ticketId) })
    .onDuplicateKeyUpdate({ filename: log.filename, storage_key: log.storage_key })
    .execute();
}

/** The most versions (A/B 卷) any print of the card was made in: 1 when none was made in versions. */
export async function mostPrintVersions(db: Db, clientId: number, documentId: number): Promise<number> {
  const row = await db.selectFrom('print_tickets').select((eb) => eb.fn.max('versions').as('most')).where('client_id', '=', clientId).where('document_id', '=', documentId).executeTakeFirst();
  return Math.max(1, Number(row?.most ?? 1));
}
