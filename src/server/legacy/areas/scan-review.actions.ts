import { ZLegacyCorrection, ZScanBatchInput, ZScanGuidInput } from '../../../shared/schemas/scan';
import { deleteScanBatch } from '../../../core/services/scan/scan-batches';
import { told } from '../../http/told';
import { legacyCorrection, reviewQueue, type ReviewItem, type ReviewQuestion } from '../../../core/services/scan/scan-review';
import { json, sessionAction } from '../action';
import { say } from './cards.actions';

// cards: review in an integrator's own tool (issue 24; docs/legacy-api.md "Review"): the open
// items, and one decision per call, stored like the screen's (who and when, beside the read values).

const question = (q: ReviewQuestion) => ({ q: q.q, showno: q.showno, kind_of_question: q.question_kind, read: q.read, proposal: q.proposal, fills: q.fills, flag: q.status });

function legacyItem(item: ReviewItem) {
  const base = { item_id: item.item_id, batch_id: item.batch_id, page_index: item.index, card_page: item.card_page, student_number: item.student_number };
  if (item.kind === 'question') return { ...base, kind: 'question', ...question(item) };
  // A score field (閱卷給分格) in doubt: `proposal` the likely points, `max` the question's maximum; answered with `answer` as points.
  if (item.kind === 'score') return { ...base, kind: 'score', q: item.q, showno: item.showno, kind_of_question: 'score', read: null, proposal: item.proposal, max: item.max, fills: null, flag: item.reason };
  if (item.kind === 'sheet') return { ...base, kind: 'sheet', q: null, kind_of_question: null, read: null, fills: null, flag: item.style, questions: item.questions.map(question) };
  return { ...base, kind: item.reason, q: null, kind_of_question: null, read: null, fills: null, flag: item.reason, card_pages: item.card_pages };
}

export const scanReviewActions = [
  sessionAction({
    area: 'cards',
    method: 'get',
    action: 'review',
    input: ZScanGuidInput,
    run: async (ctx, input) => {
      const rows = (await reviewQueue(ctx.deps, ctx.actor, input.guid)).map(legacyItem);
      return json({ data: rows, total: rows.length, per_page: rows.length, current_page: 1, last_page: 1 });
    },
  }),
  sessionAction({
    area: 'cards',
    method: 'save',
    action: 'correction',
    input: ZLegacyCorrection,
    run: async (ctx, input) => say(told(ctx.locale, await legacyCorrection(ctx.deps, ctx.actor, input))),
  }),
  sessionAction({
    area: 'cards',
    method: 'delete',
    action: 'scanBatch',
    input: ZScanBatchInput,
    run: async (ctx, input) => {
      const { message, batch_id } = told(ctx.locale, await deleteScanBatch(ctx.deps, ctx.actor, input.batch_id));
      return json({ batch_id }, message);
    },
  }),
];
