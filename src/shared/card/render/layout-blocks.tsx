import type { z } from 'zod';
import type { ZQuestionGroupBlock, ZTwoColumnBlock } from '../page-blocks';
import type { ZCell, ZEqualSplitBlock, ZRatioSplitBlock } from '../row-blocks';
import { blockHooks, DROP_AREA_CLASS, DROP_HINT, type RenderEnv } from './render-env';
import { RowView } from './row-view';

/** 大題: the vertical label in a column of its own (its cell at least 63 px tall), questions beside it. */
export function QuestionGroupView({ block, env }: { block: z.infer<typeof ZQuestionGroupBlock>; env: RenderEnv }) {
  return (
    <div className="acs-group" style={{ minHeight: block.labelHeight }} {...blockHooks(env, block.id)}>
      <div className="acs-group-label">{block.label}</div>
      <div className="acs-group-body">
        {block.children.map((child) => (
          <RowView block={child} env={env} key={child.id} />
        ))}
      </div>
    </div>
  );
}

/** Where an empty column or cell takes blocks, shown in the editor only (render-env.ts, DROP_HINT). */
function DropArea({ rows, env }: { rows: readonly unknown[]; env: RenderEnv }) {
  return env.mode === 'edit' && rows.length === 0 ? <div className={DROP_AREA_CLASS}>{DROP_HINT}</div> : null;
}

/** Two cells, fixed 5:5; the left one carries the dividing line. */
export function TwoColumnView({ block, env }: { block: z.infer<typeof ZTwoColumnBlock>; env: RenderEnv }) {
  return (
    <div className="acs-two-column" {...blockHooks(env, block.id)}>
      {[block.left, block.right].map((rows, i) => (
        <div className={`acs-column${i === 0 ? ' acs-column-left' : ''}`} key={i}>
          {rows.map((child) => (
            <RowView block={child} env={env} key={child.id} />
          ))}
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
function Split({ id, height, border, cells, widths, env }: { id: string; height: number; border: SplitBorder; cells: Cell[]; widths: string[]; env: RenderEnv }) {
  return (
    <div className={`acs-split acs-split-${border}`} style={holdsQuestions(cells) ? { minHeight: height } : { height }} {...blockHooks(env, id)}>
      {cells.map((cell, i) => (
        <div className="acs-split-cell" style={{ width: widths[i] }} {...blockHooks(env, cell.id)} key={cell.id}>
          {cell.children.map((child) => (
            <RowView block={child} env={env} key={child.id} />
          ))}
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

export function RatioSplitView({ block, env }: { block: z.infer<typeof ZRatioSplitBlock>; env: RenderEnv }) {
  return <Split id={block.id} height={block.height} border={block.border} cells={block.cells} widths={ratioWidths(block.ratio)} env={env} />;
}

export function EqualSplitView({ block, env }: { block: z.infer<typeof ZEqualSplitBlock>; env: RenderEnv }) {
  return <Split id={block.id} height={block.height} border={block.border} cells={block.cells} widths={equalWidths(block.columns)} env={env} />;
}
