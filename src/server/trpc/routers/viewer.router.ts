import { z } from 'zod';
import { ZGuidInput } from '../../../shared/schemas/cards';
import { ZBlankCopiesInput, ZShareToUserInput } from '../../../shared/schemas/viewer';
import { told } from '../../http/told';
import { blankCopies } from '../../../core/services/cards/blank-copies';
import { listShareUsers, shareToUser } from '../../../core/services/cards/copies';
import { geometryMap } from '../../../core/services/cards/geometry-map';
import { watermarkedPreview } from '../../../core/services/cards/preview-watermark';
import { authedProcedure, router } from '../init';

// The PDF viewer screens' downloads and sharing. Files go to the browser as base64 (like
// cards.preview): these have no legacy action of their own. The numbered PDF is the legacy
// `get NumberPDF` (a file answer), which the preview downloads through the legacy door.

const asFile = (file: { body: Buffer; filename: string }) => ({ filename: file.filename, base64: file.body.toString('base64') });

export const viewerRouter = router({
  /** 下載預覽: the converted PDF with 「預覽用 非正式使用」 across every page. */
  watermarked: authedProcedure.input(ZGuidInput).mutation(async ({ ctx, input }) => asFile(await watermarkedPreview(ctx.deps, ctx.actor, ctx.locale, input.guid))),
  /** 列印空白卷: N copies of the converted card in one PDF. */
  blankCopies: authedProcedure.input(ZBlankCopiesInput).mutation(async ({ ctx, input }) => asFile(await blankCopies(ctx.deps, ctx.actor, ctx.locale, input))),
  /** The geometry map of the current conversion (legacy `get geometry`); 404 before one. */
  geometry: authedProcedure.input(ZGuidInput).query(({ ctx, input }) => geometryMap(ctx.deps, ctx.actor, undefined, input.guid)),
  shareUsers: authedProcedure.input(z.void()).query(({ ctx }) => listShareUsers(ctx.deps, ctx.actor)),
  shareToUser: authedProcedure.input(ZShareToUserInput).mutation(async ({ ctx, input }) => told(ctx.locale, await shareToUser(ctx.deps, ctx.actor, input))),
});
