import { z } from 'zod';
import { ZAlign, ZBlockId, ZHeight, ZRichText, ZRowBorder, blockBase } from './block-parts';
import { BLOCK_HEIGHT_PX, GRID_LIMITS, HANDWRITING_CHARS, IMAGE_COLUMNS } from './constants';

// Blocks that hold no other blocks. Images name an asset of the page by id, never a URL.

const chars = z
  .number({ error: 'card.block.incomplete' })
  .int('card.block.incomplete')
  .min(HANDWRITING_CHARS.min, 'card.block.incomplete')
  .max(HANDWRITING_CHARS.max, 'card.block.overLimit');

export const ZTextBlock = z.object({
  ...blockBase,
  kind: z.literal('text'),
  height: ZHeight.default(BLOCK_HEIGHT_PX.text),
  align: ZAlign.optional(),
  content: ZRichText,
});
export const ZBorderedTextBlock = ZTextBlock.extend({ kind: z.literal('borderedText'), border: ZRowBorder.optional() });

export const ZHandwritingGridBlock = z.object({ ...blockBase, kind: z.literal('handwritingGrid'), chars });
export const ZDotUnderlineBlock = z.object({ ...blockBase, kind: z.literal('dotUnderline'), chars });
export const ZUnderlineBlock = z.object({
  ...blockBase,
  kind: z.literal('underline'),
  height: ZHeight.default(BLOCK_HEIGHT_PX.underline),
});

export const ZRatioChartBlock = z.object({
  ...blockBase,
  kind: z.literal('ratioChart'),
  height: ZHeight.optional(),
  assetId: ZBlockId.optional(),
});

const imageHeight = z.number().min(BLOCK_HEIGHT_PX.imageMin, 'card.block.badHeight').max(BLOCK_HEIGHT_PX.otherBase, 'card.block.badHeight');

export const ZImageBlock = z.object({ ...blockBase, kind: z.literal('image'), assetId: ZBlockId.nullable(), height: imageHeight });

export const ZImageColumnsBlock = z
  .object({
    ...blockBase,
    kind: z.literal('imageColumns'),
    columns: z.literal(IMAGE_COLUMNS),
    height: imageHeight,
    assetIds: z.array(ZBlockId.nullable()),
  })
  .refine((b) => b.assetIds.length === b.columns, { path: ['assetIds'], message: 'card.block.incomplete' });

export const ZImageTextBlock = z.object({
  ...blockBase,
  kind: z.literal('imageText'),
  layout: z.enum(['imageLeft', 'textLeft', 'imageTop', 'textTop']),
  assetId: ZBlockId.nullable(),
  height: imageHeight,
  content: ZRichText,
});

export const ZGridBlock = z.object({
  ...blockBase,
  kind: z.literal('grid'),
  rows: z.number().int().min(1).max(GRID_LIMITS.maxRows),
  cols: z.number().int().min(1).max(GRID_LIMITS.maxCols),
});

export const ZBlankBlock = z.object({
  ...blockBase,
  kind: z.literal('blank'),
  variant: z.enum(['text', 'backSide', 'doNotWrite']),
  height: ZHeight.optional(),
  content: ZRichText.optional(),
});

/** Blocks a table cell (split cell, free-answer area) accepts: text and answer tools, no rows. */
export const ZCellBlock = z.discriminatedUnion('kind', [
  ZTextBlock,
  ZBorderedTextBlock,
  ZHandwritingGridBlock,
  ZDotUnderlineBlock,
  ZUnderlineBlock,
  ZRatioChartBlock,
  ZImageBlock,
  ZGridBlock,
  ZBlankBlock,
]);
