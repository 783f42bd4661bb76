import { memo } from 'react';
import type { RowBlock } from '../page-blocks';
import { BlankBlockView, TextBlockView } from './text-blocks';
import { ChoiceRow, FreeAnswerRow, SubQuestionGroup } from './question-rows';
import { CharacterCellsView, GridView, UnderlineView } from './line-blocks';
import { ImageColumnsView, ImageTextView, ImageView, RatioChartView } from './image-blocks';
import { EqualSplitView, QuestionGroupView, RatioSplitView, TwoColumnView } from './layout-blocks';
import { numberOf, sameBlockView, type RenderEnv } from './render-env';

/**
 * Any row or cell block by its kind. Cell blocks are a subset of rows, so split cells and
 * free-answer areas use this too. The switch is exhaustive: a new kind in the schema fails the
 * type check here until it has a component. Memoised (render-env.ts, sameBlockView): in the
 * editor an edit re-renders only the rows it changed; a static render is the same either way.
 */
export const RowView = memo(function RowView({ block, env }: { block: RowBlock; env: RenderEnv }) {
  const row = (child: RowBlock) => <RowView block={child} env={env} key={child.id} />;
  switch (block.kind) {
    case 'singleChoice':
    case 'multiChoice':
      return <ChoiceRow block={block} number={numberOf(env, block.id)} env={env} />;
    case 'freeAnswer':
      return <FreeAnswerRow block={block} number={numberOf(env, block.id)} env={env} row={row} />;
    case 'subQuestionGroup':
      return <SubQuestionGroup block={block} env={env} />;
    case 'questionGroup':
      return <QuestionGroupView block={block} env={env} row={row} />;
    case 'twoColumn':
      return <TwoColumnView block={block} env={env} row={row} />;
    case 'ratioSplit':
      return <RatioSplitView block={block} env={env} row={row} />;
    case 'equalSplit':
      return <EqualSplitView block={block} env={env} row={row} />;
    case 'text':
    case 'borderedText':
      return <TextBlockView block={block} env={env} />;
    case 'blank':
      return <BlankBlockView block={block} env={env} />;
    case 'handwritingGrid':
    case 'dotUnderline':
      return <CharacterCellsView block={block} env={env} />;
    case 'underline':
      return <UnderlineView block={block} env={env} />;
    case 'grid':
      return <GridView block={block} env={env} />;
    case 'image':
      return <ImageView block={block} env={env} />;
    case 'imageColumns':
      return <ImageColumnsView block={block} env={env} />;
    case 'imageText':
      return <ImageTextView block={block} env={env} />;
    case 'ratioChart':
      return <RatioChartView block={block} env={env} />;
    default: {
      const unknown: never = block;
      throw new Error(`no component for block ${JSON.stringify(unknown)}`);
    }
  }
}, sameBlockView);
