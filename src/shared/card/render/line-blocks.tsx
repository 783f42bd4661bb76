import type { z } from 'zod';
import type { ZDotUnderlineBlock, ZGridBlock, ZHandwritingGridBlock, ZUnderlineBlock } from '../leaf-blocks';
import { BLOCK_HEIGHT_PX } from '../constants';
import { blockHooks, type RenderEnv } from './render-env';

// Writing aids in black lines. Cells wrap to the width they are given; their lines are drawn so
// that neighbours share one line (no doubled borders where cells meet).

type CharacterBlock = z.infer<typeof ZHandwritingGridBlock> | z.infer<typeof ZDotUnderlineBlock>;

/**
 * One cell of 34 px per character: a square box for the handwriting grid, an underline with a
 * small dot at its lower right for the dot-underline.
 */
export function CharacterCellsView({ block, env }: { block: CharacterBlock; env: RenderEnv }) {
  const [line, cell] = block.kind === 'handwritingGrid' ? ['acs-hw-grid', 'acs-hw-cell'] : ['acs-dot-line', 'acs-dot-cell'];
  return (
    <div className={line} {...blockHooks(env, block.id)}>
      {Array.from({ length: block.chars }, (_, i) => (
        <span className={cell} key={i} />
      ))}
    </div>
  );
}

export function UnderlineView({ block, env }: { block: z.infer<typeof ZUnderlineBlock>; env: RenderEnv }) {
  return <div className="acs-underline" style={{ height: block.height }} {...blockHooks(env, block.id)} />;
}

/**
 * The spec's grid formula (page-editor.md §3): width = 15 × cols + 1 px, height = 15 × rows −
 * rows + 1 px. The legacy grid collapses its row borders and so steps 14 px down, 15 px across;
 * cards printed from it keep that pitch, so the lines are drawn at exactly those steps.
 */
export function gridSize(rows: number, cols: number): { width: number; height: number } {
  const cell = BLOCK_HEIGHT_PX.gridCell;
  return { width: cell * cols + 1, height: cell * rows - rows + 1 };
}

export function GridView({ block, env }: { block: z.infer<typeof ZGridBlock>; env: RenderEnv }) {
  const size = gridSize(block.rows, block.cols);
  return <div className="acs-grid" style={size} data-rows={block.rows} data-cols={block.cols} {...blockHooks(env, block.id)} />;
}
