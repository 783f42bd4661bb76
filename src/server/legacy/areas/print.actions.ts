import { ZGetPdfInput } from '../../../shared/schemas/print';
import { translate } from '../../../shared/i18n/translate';
import { storedFailureText } from '../../../core/errors/library-messages';
import { getClassPdf } from '../../../core/services/print/class-pdf';
import { json, sessionAction } from '../action';
import { file } from './cards-content.actions';

// cards `get PDF` (back-office.md §7, §8): the class file, or a refusal the old client alerts —
// JSON with code 200 and the message (the 403 of a missing permission is the usual envelope).
// The print log's get/download/delete are in cards-content.actions.ts.

export const printActions = [
  sessionAction({
    area: 'cards',
    method: 'get',
    action: 'PDF',
    input: ZGetPdfInput,
    run: async (ctx, input) => {
      const answer = await getClassPdf(ctx.deps, ctx.actor, input);
      if (!('refused' in answer)) return file(answer);
      // A failed ticket's reason is the stored message (print-ticket.ts failureMessage), translated here.
      const params = answer.params?.reason ? { ...answer.params, reason: storedFailureText(ctx.locale, answer.params.reason) } : answer.params;
      return json(null, translate(ctx.locale, answer.refused, params));
    },
  }),
];
