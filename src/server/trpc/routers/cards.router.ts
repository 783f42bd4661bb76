import { z } from 'zod';
import {
  ZCardListInput,
  ZCopyToShareInput,
  ZCopyToTitleInput,
  ZCreateCardInput,
  ZEditCardInput,
  ZGuidInput,
  ZLogIdInput,
  ZShareListInput,
  ZTemplateListInput,
} from '../../../shared/schemas/cards';
import { told } from '../../http/told';
import { createCard, deleteCard, editCardInfo, getCardInfo } from '../../../core/services/cards/card-info';
import { listCardPage, listSharePage, listUsableTemplatePage } from '../../../core/services/cards/card-lists';
import { getCardParams } from '../../../core/services/cards/card-params';
import { copyToPrivated, copyToShare, copyToTemplate } from '../../../core/services/cards/copies';
import { deleteLog, listLogs } from '../../../core/services/cards/print-logs';
import { deleteShare, listShareTargets } from '../../../core/services/cards/shares';
import { getDisabled } from '../../../core/services/cards/page-storage';
import { getPreview, previewAnswer } from '../../../core/services/cards/pdf-preview';
import { savePdf } from '../../../core/services/cards/save-pdf';
import { authedProcedure, router } from '../init';
import { cardContentRouter } from './card-content.router';

// The card section; the editor's storage calls are in card-content.router.ts.
export const cardsRouter = router({
  list: authedProcedure.input(ZCardListInput).query(({ ctx, input }) => listCardPage(ctx.deps, ctx.actor, input, ctx.locale)),
  templates: authedProcedure.input(ZTemplateListInput).query(({ ctx, input }) => listUsableTemplatePage(ctx.deps, ctx.actor, input, ctx.locale)),
  params: authedProcedure.query(({ ctx }) => getCardParams(ctx.deps, ctx.actor, ctx.locale)),
  info: authedProcedure.input(ZGuidInput).query(({ ctx, input }) => getCardInfo(ctx.deps, ctx.actor, input.guid)),
  disabled: authedProcedure.input(ZGuidInput).query(({ ctx, input }) => getDisabled(ctx.deps, ctx.actor, input.guid)),
  create: authedProcedure.input(ZCreateCardInput).mutation(async ({ ctx, input }) => told(ctx.locale, await createCard(ctx.deps, ctx.actor, input))),
  edit: authedProcedure.input(ZEditCardInput).mutation(async ({ ctx, input }) => told(ctx.locale, await editCardInfo(ctx.deps, ctx.actor, input))),
  delete: authedProcedure.input(ZGuidInput).mutation(async ({ ctx, input }) => told(ctx.locale, await deleteCard(ctx.deps, ctx.actor, input.guid))),
  shares: authedProcedure.input(ZShareListInput).query(({ ctx, input }) => listSharePage(ctx.deps, ctx.actor, input)),
  deleteShare: authedProcedure.input(ZGuidInput).mutation(async ({ ctx, input }) => told(ctx.locale, await deleteShare(ctx.deps, ctx.actor, input.guid))),
  copyToTemplate: authedProcedure
    .input(ZCopyToTitleInput)
    .mutation(async ({ ctx, input }) => told(ctx.locale, await copyToTemplate(ctx.deps, ctx.actor, input))),
  copyToPrivated: authedProcedure
    .input(ZCopyToTitleInput)
    .mutation(async ({ ctx, input }) => told(ctx.locale, await copyToPrivated(ctx.deps, ctx.actor, input))),
  copyToShare: authedProcedure.input(ZCopyToShareInput).mutation(async ({ ctx, input }) => told(ctx.locale, await copyToShare(ctx.deps, ctx.actor, input))),
  logs: authedProcedure.input(ZGuidInput).query(({ ctx, input }) => listLogs(ctx.deps, ctx.actor, input.guid)),
  deleteLog: authedProcedure.input(ZLogIdInput).mutation(async ({ ctx, input }) => told(ctx.locale, await deleteLog(ctx.deps, ctx.actor, input.id))),
  /** `save PDF` of a card or template (the template list converts too); the list's status follows it. */
  savePdf: authedProcedure.input(ZGuidInput).mutation(async ({ ctx, input }) => told(ctx.locale, await savePdf(ctx.deps, ctx.actor, undefined, input.guid))),
  /** The viewer's PDF (card, template or shared copy) as base64; `converted` false (and no data) until a conversion is recorded. */
  preview: authedProcedure.input(ZGuidInput).query(async ({ ctx, input }) => {
    return previewAnswer(await getPreview(ctx.deps, ctx.actor, undefined, input.guid), ctx.locale);
  }),
  content: cardContentRouter,
  /** Share targets: every school but one's own. */
  shareSchools: authedProcedure.input(z.void()).query(({ ctx }) => listShareTargets(ctx.deps, ctx.actor)),
});
