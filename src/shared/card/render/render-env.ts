import type { Asset } from '../page-document';
import type { QuestionNumber } from './question-numbers';

/**
 * 'print' is the markup the PDF worker renders; 'edit' is the editor canvas. Edit mode may only
 * add hooks and placeholders that take no room, so a page's geometry is the same in both.
 */
export type RenderMode = 'print' | 'edit';

/** What every block component needs besides its block: handed down unchanged through containers. */
export interface RenderEnv {
  mode: RenderMode;
  assets: ReadonlyMap<string, Asset>;
  numbers: ReadonlyMap<string, QuestionNumber>;
}

/** The editor finds a block's element by this attribute to draw its selection overlay. */
export const BLOCK_ID_ATTR = 'data-block-id';

export function blockHooks(env: RenderEnv, id: string): Record<string, string> {
  return env.mode === 'edit' ? { [BLOCK_ID_ATTR]: id } : {};
}

/** A question's number, failing loudly: a question rendered without one would print a wrong map. */
export function numberOf(env: RenderEnv, id: string): QuestionNumber {
  const number = env.numbers.get(id);
  if (!number) throw new Error(`question ${id} has no number; number the page before rendering it`);
  return number;
}

/**
 * An empty column or split cell in the editor: a dashed area with this hint, to click and drop
 * onto (issue 15 part 5). Rendered in edit mode only and styled by the editor's stylesheet, so the
 * printed card and its geometry never see it; the editor takes it out while it measures a save.
 */
export const DROP_HINT = '拖曳元件到此';
export const DROP_AREA_CLASS = 'acs-drop-area';

/** A text block's placeholder in the editor; absolutely placed by the stylesheet, so it takes no room. */
export const TEXT_PLACEHOLDER = '請輸入文字...';
