import { PRINT_POLL_MS } from '../../../shared/limits';
import { trpc } from '../../trpc/trpc';

/** A print ticket, read again every PRINT_POLL_MS until it is done or failed (no page reload). */
export function useTicket(ticketId: number) {
  return trpc.print.ticket.useQuery(
    { ticketId },
    { enabled: ticketId > 0, refetchInterval: (query) => (query.state.data && ['done', 'failed'].includes(query.state.data.state) ? false : PRINT_POLL_MS) },
  );
}
