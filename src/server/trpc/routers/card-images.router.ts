import { ZUploadImageSchema } from '../../../shared/schemas/card-image';
import { uploadCardImage } from '../../../core/services/cards/card-images';
import { authedProcedure, router } from '../init';

// The page editor's image upload: the file as base64 (like the import uploads), answered with the
// page asset to keep. Serving the stored image back is GET /assets/cards/… (http/card-assets.ts).
export const cardImagesRouter = router({
  upload: authedProcedure
    .input(ZUploadImageSchema)
    .mutation(({ ctx, input }) => uploadCardImage(ctx.deps, ctx.actor, input.kind, input.guid, input.filename, Buffer.from(input.content, 'base64'))),
});
