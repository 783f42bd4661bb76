import { z } from 'zod';
import { ZPrintRequest, ZTicketIdInput } from '../../../shared/schemas/print';
import { told } from '../../http/told';
import { ZGuidInput } from '../../../shared/schemas/cards';
import { translate } from '../../../shared/i18n/translate';
import { createTicket, findRepeat, getPrintTarget, getTicket, listTickets } from '../../../core/services/print/print-tickets';
import { authedProcedure, router } from '../init';

// Class printing (docs/print-service.md): queue a ticket, read it back (the modal polls), list them.
export const printRouter = router({
  create: authedProcedure.input(ZPrintRequest).mutation(async ({ ctx, input }) => told(ctx.locale, await createTicket(ctx.deps, ctx.actor, input))),
  target: authedProcedure.input(ZGuidInput).query(({ ctx, input }) => getPrintTarget(ctx.deps, ctx.actor, input.guid)),
  /** The same selection printed a few minutes ago, with the question to ask (null: none). */
  repeatOf: authedProcedure.input(ZPrintRequest).query(async ({ ctx, input }) => {
    const repeat = await findRepeat(ctx.deps, ctx.actor, input);
    return repeat && { ticketId: repeat.ticketId, message: translate(ctx.locale, repeat.message, repeat.params) };
  }),
  ticket: authedProcedure.input(ZTicketIdInput).query(({ ctx, input }) => getTicket(ctx.deps, ctx.actor, ctx.locale, input.ticketId)),
  tickets: authedProcedure.input(z.void()).query(({ ctx }) => listTickets(ctx.deps, ctx.actor)),
});
