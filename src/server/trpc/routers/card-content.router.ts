import { z } from 'zod';
import { ZGetOptionInput, ZGetPageInput, ZGuid, ZGuidInput, ZSaveOptionInput, ZSavePageInput } from '../../../shared/schemas/cards';
import { told } from '../../http/told';
import { getBackup, restoreBackup } from '../../../core/services/cards/backup';
import { getOption, getPage, saveOption, savePage } from '../../../core/services/cards/page-storage';
import { deletePage, movePage } from '../../../core/services/cards/page-order';
import { ZDeletePageInput, ZMovePageInput } from '../../../shared/schemas/card-pages';
import { authedProcedure, router } from '../init';

// The editor's storage calls for a card or a template (`kind`), as the legacy get card / get content.
const ZKind = z.object({ kind: z.enum(['card', 'template']) });

export const cardContentRouter = router({
  page: authedProcedure.input(ZGetPageInput.extend(ZKind.shape)).query(({ ctx, input }) => getPage(ctx.deps, ctx.actor, input.kind, input)),
  savePage: authedProcedure
    .input(ZSavePageInput.extend(ZKind.shape))
    .mutation(async ({ ctx, input }) => told(ctx.locale, await savePage(ctx.deps, ctx.actor, input.kind, input))),
  option: authedProcedure.input(ZGetOptionInput.extend(ZKind.shape)).query(({ ctx, input }) => getOption(ctx.deps, ctx.actor, input.kind, input)),
  saveOption: authedProcedure
    .input(ZSaveOptionInput.extend(ZKind.shape))
    .mutation(async ({ ctx, input }) => told(ctx.locale, await saveOption(ctx.deps, ctx.actor, input.kind, input))),
  /** The page list (issue 15): a later page deleted or moved. */
  deletePage: authedProcedure.input(ZDeletePageInput).mutation(async ({ ctx, input }) => told(ctx.locale, await deletePage(ctx.deps, ctx.actor, input))),
  movePage: authedProcedure.input(ZMovePageInput).mutation(async ({ ctx, input }) => told(ctx.locale, await movePage(ctx.deps, ctx.actor, input))),
  /** The backup file's text; the browser saves it as a .json file. */
  backup: authedProcedure.input(ZGuidInput.extend(ZKind.shape)).query(async ({ ctx, input }) => {
    const file = await getBackup(ctx.deps, ctx.actor, input.kind, input.guid);
    return { filename: file.filename, text: file.body.toString('utf8') };
  }),
  restoreBackup: authedProcedure
    .input(z.object({ guid: ZGuid, kind: ZKind.shape.kind, backup: z.unknown() }))
    .mutation(async ({ ctx, input }) => told(ctx.locale, await restoreBackup(ctx.deps, ctx.actor, input.kind, input.guid, input.backup))),
});
