import type { Generated, Insertable, Selectable } from 'kysely';
import type { PrintOrder, TicketState, VersionBy } from '../../../shared/schemas/print';

/** A print request: one grade, some of its classes, in one order (docs/print-service.md). */
export interface PrintTicketsTable {
  id: Generated<number>;
  client_id: number;
  document_id: number;
  user_id: number | null;
  username: Generated<string>;
  grade: number;
  print_order: PrintOrder;
  state: Generated<TicketState>;
  /** The BullMQ priority it was queued with: 1 + the school's tickets then pending (fairness). */
  queue_rank: Generated<number>;
  total_students: Generated<number>;
  done_students: Generated<number>;
  error: Generated<string | null>;
  /** Besides the class files, one file of the whole selection (0802). */
  combined: Generated<number>;
  /** 1, or a print in 2–4 versions (A/B 卷), assigned by seat or by the roster's 卷別 (0750). */
  versions: Generated<number>;
  version_by: Generated<VersionBy>;
  created_at: Generated<Date>;
  finished_at: Generated<Date | null>;
}
export type PrintTicketRow = Selectable<PrintTicketsTable>;
export type NewPrintTicket = Insertable<PrintTicketsTable>;

/** One class of a ticket: a step that writes one file and one log row. */
export interface PrintTicketClassesTable {
  ticket_id: number;
  class: number;
  state: Generated<TicketState>;
  /** Students of the class when the ticket was queued. */
  expected: Generated<number>;
  /** Students printed; fewer than expected when some were deleted meanwhile (note says so). */
  printed: Generated<number>;
  log_id: Generated<number | null>;
  note: Generated<string | null>;
}
export type PrintTicketClassRow = Selectable<PrintTicketClassesTable>;
