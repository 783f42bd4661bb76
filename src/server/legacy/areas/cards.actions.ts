import { z } from 'zod';
import {
  ZCardListInput,
  ZCreateCardInput,
  ZEditCardInput,
  ZGuidInput,
  ZShareListInput,
  ZTemplateListInput,
} from '../../../shared/schemas/cards';
import { told } from '../../http/told';
import { createCard, deleteCard, editCardInfo, getCardInfo } from '../../../core/services/cards/card-info';
import { listCardPage, listSharePage, listUsableTemplatePage } from '../../../core/services/cards/card-lists';
import { getCardParams } from '../../../core/services/cards/card-params';
import { deleteShare } from '../../../core/services/cards/shares';
import { deleteTemplate } from '../../../core/services/cards/template-info';
import { json, sessionAction, type LegacyAnswer } from '../action';

// cards: lists and info (back-office.md §7). Content, copies and logs: cards-content.actions.ts.

export const say = (outcome: { message: string; guid?: string }): LegacyAnswer =>
  json(outcome.guid ? { guid: outcome.guid } : null, outcome.message);

export const cardInfoActions = [
  sessionAction({
    area: 'cards',
    method: 'get',
    action: 'lists',
    input: ZCardListInput,
    run: async (ctx, input) => json(await listCardPage(ctx.deps, ctx.actor, input, ctx.locale)),
  }),
  sessionAction({
    area: 'cards',
    method: 'get',
    action: 'templates',
    input: ZTemplateListInput,
    run: async (ctx, input) => json(await listUsableTemplatePage(ctx.deps, ctx.actor, input, ctx.locale)),
  }),
  sessionAction({
    area: 'cards',
    method: 'get',
    action: 'params',
    input: z.unknown(),
    run: async (ctx) => json(await getCardParams(ctx.deps, ctx.actor, ctx.locale)),
  }),
  sessionAction({
    area: 'cards',
    method: 'create',
    action: 'info',
    input: ZCreateCardInput,
    run: async (ctx, input) => say(told(ctx.locale, await createCard(ctx.deps, ctx.actor, input))),
  }),
  sessionAction({
    area: 'cards',
    method: 'get',
    action: 'info',
    input: ZGuidInput,
    run: async (ctx, input) => json(await getCardInfo(ctx.deps, ctx.actor, input.guid)),
  }),
  sessionAction({
    area: 'cards',
    method: 'edit',
    action: 'info',
    input: ZEditCardInput,
    run: async (ctx, input) => say(told(ctx.locale, await editCardInfo(ctx.deps, ctx.actor, input))),
  }),
  sessionAction({
    area: 'cards',
    method: 'delete',
    action: 'card',
    input: ZGuidInput,
    run: async (ctx, input) => say(told(ctx.locale, await deleteCard(ctx.deps, ctx.actor, input.guid))),
  }),
  sessionAction({
    area: 'cards',
    method: 'delete',
    action: 'template',
    input: ZGuidInput,
    run: async (ctx, input) => say(told(ctx.locale, await deleteTemplate(ctx.deps, ctx.actor, input.guid))),
  }),
  sessionAction({
    area: 'cards',
    method: 'get',
    action: 'shares',
    input: ZShareListInput,
    run: async (ctx, input) => json(await listSharePage(ctx.deps, ctx.actor, input)),
  }),
  sessionAction({
    area: 'cards',
    method: 'delete',
    action: 'shares',
    input: ZGuidInput,
    run: async (ctx, input) => say(told(ctx.locale, await deleteShare(ctx.deps, ctx.actor, input.guid))),
  }),
];
