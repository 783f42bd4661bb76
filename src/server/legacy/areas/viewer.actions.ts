import { ZGuidInput } from '../../../shared/schemas/cards';
import { geometryMap } from '../../../core/services/cards/geometry-map';
import { numberPdf } from '../../../core/services/cards/number-pdf';
import { sessionAction } from '../action';
import { file } from './cards-content.actions';

// `get NumberPDF` (back-office.md §7): the 題號檢查 PDF as a file answer; refusals (not
// converted, not readable) come back as the JSON envelope. The cards area takes cards, templates
// and shared copies; the templates area templates only, like `get perview`.
export const viewerActions = [
  sessionAction({ area: 'cards', method: 'get', action: 'NumberPDF', input: ZGuidInput, run: async (ctx, input) => file(await numberPdf(ctx.deps, ctx.actor, ctx.locale, undefined, input.guid)) }),
  // `get geometry`: the map of the current conversion as the envelope's data (docs/omr-geometry.md).
  sessionAction({ area: 'cards', method: 'get', action: 'geometry', input: ZGuidInput, run: async (ctx, input) => ({ kind: 'json', data: await geometryMap(ctx.deps, ctx.actor, undefined, input.guid) }) }),
  sessionAction({ area: 'templates', method: 'get', action: 'geometry', input: ZGuidInput, run: async (ctx, input) => ({ kind: 'json', data: await geometryMap(ctx.deps, ctx.actor, 'template', input.guid) }) }),
  sessionAction({ area: 'templates', method: 'get', action: 'NumberPDF', input: ZGuidInput, run: async (ctx, input) => file(await numberPdf(ctx.deps, ctx.actor, ctx.locale, 'template', input.guid)) }),
];
