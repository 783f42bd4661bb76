import {
  ZCopyToClientInput,
  ZCopyToShareInput,
  ZCopyToTitleInput,
  ZGetOptionInput,
  ZGetPageInput,
  ZGuidInput,
  ZLogIdInput,
  ZSaveOptionInput,
  ZSavePageInput,
} from '../../../shared/schemas/cards';
import { told } from '../../http/told';
import { getBackup } from '../../../core/services/cards/backup';
import { copyToClient, copyToPrivated, copyToShare, copyToTemplate } from '../../../core/services/cards/copies';
import { getDisabled, getOption, getPage, saveOption, savePage } from '../../../core/services/cards/page-storage';
import { getPreview } from '../../../core/services/cards/pdf-preview';
import { deleteLog, downloadLog, listLogs } from '../../../core/services/cards/print-logs';
import { savePdf } from '../../../core/services/cards/save-pdf';
import { json, sessionAction } from '../action';
import { say } from './cards.actions';

// cards: the editor's storage calls, copies and the print log (back-office.md §7, page-editor.md §7).

export const file = (f: { body: Buffer; contentType: string; filename: string }) => ({ kind: 'file' as const, ...f });

export const cardContentActions = [
  sessionAction({ area: 'cards', method: 'get', action: 'card', input: ZGetPageInput, run: async (ctx, input) => json(await getPage(ctx.deps, ctx.actor, 'card', input)) }),
  sessionAction({ area: 'cards', method: 'get', action: 'option', input: ZGetOptionInput, run: async (ctx, input) => json(await getOption(ctx.deps, ctx.actor, 'card', input)) }),
  sessionAction({
    area: 'cards',
    method: 'save',
    action: 'option',
    input: ZSaveOptionInput,
    run: async (ctx, input) => say(told(ctx.locale, await saveOption(ctx.deps, ctx.actor, 'card', input))),
  }),
  sessionAction({
    area: 'cards',
    method: 'save',
    action: 'card',
    input: ZSavePageInput,
    run: async (ctx, input) => say(told(ctx.locale, await savePage(ctx.deps, ctx.actor, 'card', input))),
  }),
  sessionAction({ area: 'cards', method: 'get', action: 'disabled', input: ZGuidInput, run: async (ctx, input) => json(await getDisabled(ctx.deps, ctx.actor, input.guid)) }),
  sessionAction({ area: 'cards', method: 'get', action: 'backup', input: ZGuidInput, run: async (ctx, input) => file(await getBackup(ctx.deps, ctx.actor, 'card', input.guid)) }),
  sessionAction({ area: 'cards', method: 'save', action: 'PDF', input: ZGuidInput, run: async (ctx, input) => say(told(ctx.locale, await savePdf(ctx.deps, ctx.actor, undefined, input.guid))) }),
  sessionAction({ area: 'cards', method: 'get', action: 'perview', input: ZGuidInput, run: async (ctx, input) => file(await getPreview(ctx.deps, ctx.actor, undefined, input.guid)) }),
  sessionAction({ area: 'cards', method: 'get', action: 'logs', input: ZGuidInput, run: async (ctx, input) => json({ data: await listLogs(ctx.deps, ctx.actor, input.guid) }) }),
  sessionAction({ area: 'cards', method: 'download', action: 'log', input: ZLogIdInput, run: async (ctx, input) => file(await downloadLog(ctx.deps, ctx.actor, input.id)) }),
  sessionAction({
    area: 'cards',
    method: 'delete',
    action: 'log',
    input: ZLogIdInput,
    run: async (ctx, input) => say(told(ctx.locale, await deleteLog(ctx.deps, ctx.actor, input.id))),
  }),
  sessionAction({
    area: 'cards',
    method: 'copy',
    action: 'toTemplate',
    input: ZCopyToTitleInput,
    run: async (ctx, input) => say(told(ctx.locale, await copyToTemplate(ctx.deps, ctx.actor, input))),
  }),
  sessionAction({
    area: 'cards',
    method: 'copy',
    action: 'toPrivated',
    input: ZCopyToTitleInput,
    run: async (ctx, input) => say(told(ctx.locale, await copyToPrivated(ctx.deps, ctx.actor, input))),
  }),
  sessionAction({
    area: 'cards',
    method: 'copy',
    action: 'toShare',
    input: ZCopyToShareInput,
    run: async (ctx, input) => say(told(ctx.locale, await copyToShare(ctx.deps, ctx.actor, input))),
  }),
  sessionAction({
    area: 'cards',
    method: 'copy',
    action: 'toClient',
    input: ZCopyToClientInput,
    run: async (ctx, input) => say(told(ctx.locale, await copyToClient(ctx.deps, ctx.actor, input))),
  }),
];
