import { z } from 'zod';
import { numeric } from '../../../shared/schemas/ids';
import {
  ZCopyToClientInput,
  ZCreateTemplateInput,
  ZEditTemplateInput,
  ZGetPageInput,
  ZGuidInput,
  ZSavePageInput,
  ZTemplateListInput,
} from '../../../shared/schemas/cards';
import { told } from '../../http/told';
import { listSchoolTemplatePage } from '../../../core/services/cards/card-lists';
import { copyToClient } from '../../../core/services/cards/copies';
import { getPage, savePage } from '../../../core/services/cards/page-storage';
import { getPreview } from '../../../core/services/cards/pdf-preview';
import { savePdf } from '../../../core/services/cards/save-pdf';
import { createTemplate, deleteTemplate, editTemplateInfo, getTemplateInfo } from '../../../core/services/cards/template-info';
import { listTemplateCategories, listTemplatesByCategory } from '../../../core/services/cards/template-categories';
import { json, sessionAction } from '../action';
import { say } from './cards.actions';
import { file } from './cards-content.actions';

// templates: a school's own templates (/client/templates) and their content.

const ZSchoolList = ZTemplateListInput.extend({ client_id: numeric(z.number().int().positive()).optional() });

export const templateActions = [
  sessionAction({ area: 'templates', method: 'get', action: 'params', input: z.unknown(), run: async (ctx) => json(listTemplateCategories(ctx.actor, ctx.locale)) }),
  sessionAction({ area: 'templates', method: 'get', action: 'templates', input: z.unknown(), run: async (ctx) => json(await listTemplatesByCategory(ctx.deps, ctx.actor, ctx.locale)) }),
  sessionAction({ area: 'templates', method: 'get', action: 'lists', input: ZSchoolList, run: async (ctx, input) => json(await listSchoolTemplatePage(ctx.deps, ctx.actor, input, ctx.locale)) }),
  sessionAction({ area: 'templates', method: 'get', action: 'info', input: ZGuidInput, run: async (ctx, input) => json(await getTemplateInfo(ctx.deps, ctx.actor, input.guid, ctx.locale)) }),
  sessionAction({ area: 'templates', method: 'get', action: 'content', input: ZGetPageInput, run: async (ctx, input) => json(await getPage(ctx.deps, ctx.actor, 'template', input)) }),
  sessionAction({
    area: 'templates',
    method: 'create',
    action: 'info',
    input: ZCreateTemplateInput,
    run: async (ctx, input) => say(told(ctx.locale, await createTemplate(ctx.deps, ctx.actor, input))),
  }),
  sessionAction({
    area: 'templates',
    method: 'edit',
    action: 'info',
    input: ZEditTemplateInput,
    run: async (ctx, input) => say(told(ctx.locale, await editTemplateInfo(ctx.deps, ctx.actor, input))),
  }),
  sessionAction({
    area: 'templates',
    method: 'delete',
    action: 'template',
    input: ZGuidInput,
    run: async (ctx, input) => say(told(ctx.locale, await deleteTemplate(ctx.deps, ctx.actor, input.guid))),
  }),
  sessionAction({
    area: 'templates',
    method: 'save',
    action: 'template',
    input: ZSavePageInput,
    run: async (ctx, input) => say(told(ctx.locale, await savePage(ctx.deps, ctx.actor, 'template', input))),
  }),
  sessionAction({ area: 'templates', method: 'save', action: 'PDF', input: ZGuidInput, run: async (ctx, input) => say(told(ctx.locale, await savePdf(ctx.deps, ctx.actor, 'template', input.guid))) }),
  sessionAction({ area: 'templates', method: 'get', action: 'perview', input: ZGuidInput, run: async (ctx, input) => file(await getPreview(ctx.deps, ctx.actor, 'template', input.guid)) }),
  sessionAction({
    area: 'templates',
    method: 'copy',
    action: 'toClient',
    input: ZCopyToClientInput,
    run: async (ctx, input) => say(told(ctx.locale, await copyToClient(ctx.deps, ctx.actor, input))),
  }),
];
