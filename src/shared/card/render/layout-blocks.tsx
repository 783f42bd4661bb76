import type { z } from 'zod';
import type { ReactNode } from 'react';
import type { RowBlock, ZQuestionGroupBlock, ZTwoColumnBlock } from '../page-blocks';
import type { ZCell, ZEqualSplitBlock, ZRatioSplitBlock } from '../row-blocks';
import { blockHooks, DROP_AREA_CLASS, DROP_HINT, type RenderEnv } from './render-env';

/** Renders one child row: row-view.tsx passes its RowView in, so the blocks that hold rows never import it back. */
export type RowOf = (child: RowBlock) => ReactNode;

/** 大題: the vertical label in a column of its own (its cell at least 63 px tall), questions beside it. */
export function QuestionGroupView({ block, env, row }: { block: z.infer<typeof ZQuestionGroupBlock>; env: RenderEnv; row: RowOf }) {
  return (
    <div className="acs-group" style={{ minHeight: block.labelHeight }} {...blockHooks(env, block.id)}>
      <div className="acs-group-label">{block.label}</div>
      <div className="acs-group-body">
        {block.children.map(row)}
      </div>
    </div>
  );
}

/** Where an empty column or cell takes blocks, shown in the editor only (render-env.ts, DROP_HINT). */
function DropArea({ rows, env }: { rows: readonly unknown[]; env: RenderEnv }) {
  return env.mode === 'edit' && rows.length === 0 ? <div className={DROP_AREA_CLASS}>{DROP_HINT}</div> : null;
}

/** Two cells, fixed 5:5; the left one carries the dividing line. */
export function TwoColumnView({ block, env, row }: { block: z.infer<typeof ZTwoColumnBlock>; env: RenderEnv; row: RowOf }) {
  return (
    <div className="acs-two-column" {...blockHooks(env, block.id)}>
      {[block.left, block.right].map((rows, i) => (
        <div className={`acs-column${i === 0 ? ' acs-column-left' : ''}`} key={i}>
          {rows.map(row)}
          <DropArea rows={rows} env={env} />
        </div>
      ))}
    </div>
  );
}

type Cell = z.infer<typeof ZCell>;
type SplitBorder = z.infer<typeof ZRatioSplitBlock>['border'];

const holdsQuestions = (cells: Cell[]) => cells.some((cell) => cell.children.some((child) => child.kind === 'singleChoice' || child.kind === 'multiChoice'));

/**
 * A split is as tall as its height, and clips what is taller, except when a cell holds questions:
 * then it grows to them, so no bubble is ever cut off while the map still records it.
 */
function Split({ id, height, border, cells, widths, env, row }: { id: string; height: number; border: SplitBorder; cells: Cell[]; widths: string[]; env: RenderEnv; row: RowOf }) {
  return (
    <div className={`acs-split acs-split-${border}`} style={holdsQuestions(cells) ? { minHeight: height } : { height }} {...blockHooks(env, id)}>
      {cells.map((cell, i) => (
        <div className="acs-split-cell" style={{ width: widths[i] }} {...blockHooks(env, cell.id)} key={cell.id}>
          {cell.children.map(row)}
          <DropArea rows={cell.children} env={env} />
        </div>
      ))}
    </div>
  );
}

/** Ratio r of 1…9 splits p % : (100 − p) % with p = 10 r (9:1 … 1:9). */
export function ratioWidths(ratio: number): [string, string] {
  return [`${ratio * 10}%`, `${100 - ratio * 10}%`];
}

/** N columns of 100 / N % each, to three decimals so N cells never add up past the row. */
export function equalWidths(columns: number): string[] {
  const width = `${Math.floor((100 / columns) * 1000) / 1000}%`;
  return Array.from({ length: columns }, () => width);
}

export function RatioSplitView({ block, env, row }: { block: z.infer<typeof ZRatioSplitBlock>; env: RenderEnv; row: RowOf }) {
  return <Split id={block.id} height={block.height} border={block.border} cells={block.cells} widths={ratioWidths(block.ratio)} env={env} row={row} />;
}

export function EqualSplitView({ block, env, row }: { block: z.infer<typeof ZEqualSplitBlock>; env: RenderEnv; row: RowOf }) {
  return <Split id={block.id} height={block.height} border={block.border} cells={block.cells} widths={equalWidths(block.columns)} env={env} row={row} />;
}
