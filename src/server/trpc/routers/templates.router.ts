import { z } from 'zod';
import { ZCopyToClientInput, ZCreateTemplateInput, ZEditTemplateInput, ZGuidInput, ZTemplateListInput } from '../../../shared/schemas/cards';
import { told } from '../../http/told';
import { listSchoolTemplatePage } from '../../services/cards/card-lists';
import { copyToClient, listCopyTargets } from '../../services/cards/copies';
import { listTemplateCategories, listTemplatesByCategory } from '../../services/cards/template-categories';
import { createTemplate, deleteTemplate, editTemplateInfo, getTemplateInfo } from '../../services/cards/template-info';
import { authedProcedure, router } from '../init';

// A school's own templates (/client/templates); the usable-templates list is cards.templates.
export const templatesRouter = router({
  list: authedProcedure
    .input(ZTemplateListInput.extend({ client_id: z.number().int().positive().optional() }))
    .query(({ ctx, input }) => listSchoolTemplatePage(ctx.deps, ctx.actor, input)),
  info: authedProcedure.input(ZGuidInput).query(({ ctx, input }) => getTemplateInfo(ctx.deps, ctx.actor, input.guid)),
  categories: authedProcedure.query(({ ctx }) => listTemplateCategories(ctx.actor, ctx.locale)),
  byCategory: authedProcedure.query(({ ctx }) => listTemplatesByCategory(ctx.deps, ctx.actor, ctx.locale)),
  create: authedProcedure.input(ZCreateTemplateInput).mutation(async ({ ctx, input }) => told(ctx.locale, await createTemplate(ctx.deps, ctx.actor, input))),
  edit: authedProcedure.input(ZEditTemplateInput).mutation(async ({ ctx, input }) => told(ctx.locale, await editTemplateInfo(ctx.deps, ctx.actor, input))),
  delete: authedProcedure.input(ZGuidInput).mutation(async ({ ctx, input }) => told(ctx.locale, await deleteTemplate(ctx.deps, ctx.actor, input.guid))),
  copyTargets: authedProcedure.query(({ ctx }) => listCopyTargets(ctx.deps, ctx.actor)),
  copyToClient: authedProcedure.input(ZCopyToClientInput).mutation(async ({ ctx, input }) => told(ctx.locale, await copyToClient(ctx.deps, ctx.actor, input))),
});
