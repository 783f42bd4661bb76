import { z } from 'zod';
import { ZBlockId, ZChoiceOptions, ZHeight, ZNumbering, ZRichText, ZRowBorder, ZSplitBorder, blockBase } from './block-parts';
import { BLOCK_HEIGHT_PX, EQUAL_SPLIT_COLUMNS, QUESTION_COUNT_MAX, RATIO_SPLIT, SCORE_BOX } from './constants';
import {
  ZBlankBlock,
  ZBorderedTextBlock,
  ZCellBlock,
  ZDotUnderlineBlock,
  ZGridBlock,
  ZHandwritingGridBlock,
  ZImageBlock,
  ZImageColumnsBlock,
  ZImageTextBlock,
  ZRatioChartBlock,
  ZTextBlock,
  ZUnderlineBlock,
} from './leaf-blocks';

// Rows: what a base, a column or a question group stacks vertically.

const question = { numbering: ZNumbering.default('auto'), border: ZRowBorder.optional() };

export const ZSingleChoiceBlock = z.object({ ...blockBase, kind: z.literal('singleChoice'), ...question, options: ZChoiceOptions });
export const ZMultiChoiceBlock = z.object({ ...blockBase, kind: z.literal('multiChoice'), ...question, options: ZChoiceOptions });

/**
 * What a split cell holds: cell blocks (text and answer tools), and single- and multi-choice rows,
 * so short questions can stand side by side (issue 15; numbered down the first cell, then the next).
 */
export const ZSplitCellBlock = z.discriminatedUnion('kind', [...ZCellBlock.options, ZSingleChoiceBlock, ZMultiChoiceBlock]);
export type SplitCellBlock = z.infer<typeof ZSplitCellBlock>;

/** A split's cell. */
export const ZCell = z.object({ id: ZBlockId, children: z.array(ZSplitCellBlock).max(50) });

/** Generated from the sub-question dialog: one item per question, each with its own label. */
export const ZSubQuestionGroupBlock = z.object({
  ...blockBase,
  kind: z.literal('subQuestionGroup'),
  options: ZChoiceOptions,
  border: ZRowBorder.optional(),
  items: z.array(z.object({ id: ZBlockId, label: ZRichText, numbering: ZNumbering.default('auto') })).min(1, 'card.block.incomplete').max(QUESTION_COUNT_MAX),
});

/**
 * 閱卷給分格: a score field printed inside a free answer for the grading teacher — bubbles 0…max
 * (max ≤ 10) or tens and units digits, and a .5 bubble when `half` (docs/omr-geometry.md "Score
 * fields"). A max of x.5 needs the .5 bubble to be reachable.
 */
export const ZScoreBox = z
  .object({
    max: z
      .number({ error: 'card.block.incomplete' })
      .min(SCORE_BOX.min, 'card.block.incomplete')
      .max(SCORE_BOX.max, 'card.block.overLimit')
      .multipleOf(SCORE_BOX.step, 'card.block.incomplete'),
    half: z.boolean(),
  })
  .refine((box) => box.half || Number.isInteger(box.max), { path: ['half'], message: 'card.block.scoreBoxHalf' });
export type ScoreBox = z.infer<typeof ZScoreBox>;

export const ZFreeAnswerBlock = z.object({
  ...blockBase,
  kind: z.literal('freeAnswer'),
  ...question,
  height: ZHeight.default(BLOCK_HEIGHT_PX.freeAnswer),
  children: z.array(ZCellBlock).max(50).default([]),
  scoreBox: ZScoreBox.optional(),
});

const split = { height: ZHeight.default(BLOCK_HEIGHT_PX.split), border: ZSplitBorder.default('full') };

/** Two cells of ratio : (10 - ratio), 9:1 … 1:9. */
export const ZRatioSplitBlock = z.object({
  ...blockBase,
  kind: z.literal('ratioSplit'),
  ...split,
  ratio: z.number().int().min(RATIO_SPLIT.min, 'card.block.overLimit').max(RATIO_SPLIT.max, 'card.block.overLimit'),
  cells: z.tuple([ZCell, ZCell]),
});

export const ZEqualSplitBlock = z
  .object({
    ...blockBase,
    kind: z.literal('equalSplit'),
    ...split,
    columns: z.number().int().min(EQUAL_SPLIT_COLUMNS.min, 'card.block.overLimit').max(EQUAL_SPLIT_COLUMNS.max, 'card.block.overLimit'),
    cells: z.array(ZCell),
  })
  .refine((b) => b.cells.length === b.columns, { path: ['cells'], message: 'card.block.incomplete' });

/** Rows that hold no rows: allowed in a question group, a column and a base. */
export const ZInnerRowBlock = z.discriminatedUnion('kind', [
  ZSingleChoiceBlock,
  ZMultiChoiceBlock,
  ZSubQuestionGroupBlock,
  ZFreeAnswerBlock,
  ZTextBlock,
  ZBorderedTextBlock,
  ZHandwritingGridBlock,
  ZDotUnderlineBlock,
  ZUnderlineBlock,
  ZRatioChartBlock,
  ZRatioSplitBlock,
  ZEqualSplitBlock,
  ZImageBlock,
  ZImageColumnsBlock,
  ZImageTextBlock,
  ZGridBlock,
  ZBlankBlock,
]);
