import { z } from 'zod';
import { ZRichText, blockBase } from './block-parts';
import { BLOCK_HEIGHT_PX, HEADER_TITLE_MAX } from './constants';
import { ZInnerRowBlock } from './row-blocks';

// Containers of rows, and the page itself. Each container names the one union its children come
// from, so the drop rules are read off the schema (docs/card-document.md, "Containers").

/** 大題: a vertical label beside its questions. */
export const ZQuestionGroupBlock = z.object({
  ...blockBase,
  kind: z.literal('questionGroup'),
  label: z.string().max(50).default('第一大題'),
  labelHeight: z.literal(BLOCK_HEIGHT_PX.groupLabel).default(BLOCK_HEIGHT_PX.groupLabel),
  children: z.array(ZInnerRowBlock).max(200),
});

/** What a column of the two-column block stacks: anything but another two-column block. */
export const ZColumnRowBlock = z.discriminatedUnion('kind', [...ZInnerRowBlock.options, ZQuestionGroupBlock]);

/** Two cells, fixed 5:5, the left one with a right border. */
export const ZTwoColumnBlock = z.object({
  ...blockBase,
  kind: z.literal('twoColumn'),
  left: z.array(ZColumnRowBlock).max(200),
  right: z.array(ZColumnRowBlock).max(200),
});

/** What a base stacks. Two two-column rows may not touch (page-editor.md §4). */
export const ZRowBlock = z.discriminatedUnion('kind', [...ZColumnRowBlock.options, ZTwoColumnBlock]);
export type RowBlock = z.infer<typeof ZRowBlock>;

const rows = z
  .array(ZRowBlock)
  .max(400)
  .superRefine((list, ctx) => {
    list.forEach((row, i) => {
      if (i > 0 && row.kind === 'twoColumn' && list[i - 1].kind === 'twoColumn') {
        ctx.addIssue({ code: 'custom', path: [i], message: 'card.block.adjacentColumns' });
      }
    });
  });

/** The page header: school name (filled on page 1), exam title, student table, bubbles, barcode. */
export const ZHeaderBlock = z.object({
  ...blockBase,
  kind: z.literal('header'),
  schoolName: z.string().max(100).default(''),
  title: z.string().max(HEADER_TITLE_MAX).default('第一學期期中考'),
  subtitle: z.object({ left: ZRichText, right: ZRichText }).optional(),
});

export const ZFirstBaseBlock = z.object({
  ...blockBase,
  kind: z.literal('firstBase'),
  height: z.literal(BLOCK_HEIGHT_PX.firstBase).default(BLOCK_HEIGHT_PX.firstBase),
  children: rows,
});

export const ZOtherBaseBlock = z.object({
  ...blockBase,
  kind: z.literal('otherBase'),
  title: z.string().max(100).default(''),
  height: z.literal(BLOCK_HEIGHT_PX.otherBase).default(BLOCK_HEIGHT_PX.otherBase),
  children: rows,
});

/** A page's top level: the header and first-page base (page 1) or the other-page base. */
export const ZPageBlock = z.discriminatedUnion('kind', [ZHeaderBlock, ZFirstBaseBlock, ZOtherBaseBlock]);

/** The `components` of a saved page: our typed tree, the source of truth of the page. */
export const ZPageComponents = z.object({
  version: z.literal(1),
  blocks: z.array(ZPageBlock).max(3),
});
export type PageComponents = z.infer<typeof ZPageComponents>;

export const EMPTY_COMPONENTS: PageComponents = { version: 1, blocks: [] };
