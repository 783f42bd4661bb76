import { z } from 'zod';
import { ZCopyToClientInput, ZCreateTemplateInput, ZEditTemplateInput, ZGuidInput, ZTemplateListInput } from '../../../shared/schemas/cards';
import { told } from '../../http/told';
import { listSchoolTemplatePage } from '../../../core/services/cards/card-lists';
import { copyToClient, listCopyTargets } from '../../../core/services/cards/copies';
import { listTemplateCategories, listTemplatesByCategory } from '../../../core/services/cards/template-categories';
import { createTemplate, deleteTemplate, editTemplateInfo, getTemplateInfo } from '../../../core/services/cards/template-info';
import { getPreview, previewAnswer } from '../../../core/services/cards/pdf-preview';
import { savePdf } from '../../../core/services/cards/save-pdf';
import { authedProcedure, router } from '../init';

// A school's own templates (/client/templates); the usable-templates list is cards.templates.
export const templatesRouter = router({
  list: authedProcedure
    .input(ZTemplateListInput.extend({ client_id: z.number().int().positive().optional() }))
    .query(({ ctx, input }) => listSchoolTemplatePage(ctx.deps, ctx.actor, input, ctx.locale)),
  info: authedProcedure.input(ZGuidInput).query(({ ctx, input }) => getTemplateInfo(ctx.deps, ctx.actor, input.guid, ctx.locale)),
  categories: authedProcedure.query(({ ctx }) => listTemplateCategories(ctx.actor, ctx.locale)),
  byCategory: authedProcedure.query(({ ctx }) => listTemplatesByCategory(ctx.deps, ctx.actor, ctx.locale)),
  create: authedProcedure.input(ZCreateTemplateInput).mutation(async ({ ctx, input }) => told(ctx.locale, await createTemplate(ctx.deps, ctx.actor, input))),
  edit: authedProcedure.input(ZEditTemplateInput).mutation(async ({ ctx, input }) => told(ctx.locale, await editTemplateInfo(ctx.deps, ctx.actor, input))),
  delete: authedProcedure.input(ZGuidInput).mutation(async ({ ctx, input }) => told(ctx.locale, await deleteTemplate(ctx.deps, ctx.actor, input.guid))),
  /** `save PDF`: queues the conversion; the list's status follows it. */
  savePdf: authedProcedure.input(ZGuidInput).mutation(async ({ ctx, input }) => told(ctx.locale, await savePdf(ctx.deps, ctx.actor, 'template', input.guid))),
  /** The viewer's PDF as base64; `converted` false (and no data) until a conversion is recorded. */
  preview: authedProcedure.input(ZGuidInput).query(async ({ ctx, input }) => {
    return previewAnswer(await getPreview(ctx.deps, ctx.actor, 'template', input.guid), ctx.locale);
  }),
  copyTargets: authedProcedure.query(({ ctx }) => listCopyTargets(ctx.deps, ctx.actor)),
  copyToClient: authedProcedure.input(ZCopyToClientInput).mutation(async ({ ctx, input }) => told(ctx.locale, await copyToClient(ctx.deps, ctx.actor, input))),
});
