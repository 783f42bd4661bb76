import { z } from 'zod';

/**
 * What the renderer takes: a card's pages as the shared card renderer produced them (static
 * markup and stylesheet each). Kept apart from the renderer so the job registry, which the server
 * imports too, does not pull in Chromium's or pdf-lib's code.
 */
export const ZRenderInput = z.object({
  pages: z.array(z.object({ html: z.string(), css: z.string() })).min(1).max(100),
});
export type RenderInput = z.infer<typeof ZRenderInput>;
