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

/** Whether two numbers are the same in every field. */
function sameNumber(a: QuestionNumber | undefined, b: QuestionNumber | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a) as (keyof QuestionNumber)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Whether every question inside `value` (any node with an id: a block, an item, a cell) has the same number in both. */
function sameNumbersWithin(value: unknown, a: RenderEnv['numbers'], b: RenderEnv['numbers']): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return value.every((item) => sameNumbersWithin(item, a, b));
  const id = (value as { id?: unknown }).id;
  if (typeof id === 'string' && !sameNumber(a.get(id), b.get(id))) return false;
  return Object.values(value).every((inner) => sameNumbersWithin(inner, a, b));
}

/**
 * The props check of the memoised block views (React.memo): a view renders the same when every
 * prop is the same object, except the environment, which only has to agree on what the block
 * uses of it — the mode, the assets and the numbers of the questions inside it. Edits keep
 * unchanged blocks as the same objects (edit/share-unchanged.ts), so an edit re-renders the rows
 * it changed, and those whose numbers moved, and no other.
 */
export function sameBlockView<P extends { block: object; env: RenderEnv }>(a: P, b: P): boolean {
  const keys = Object.keys(b) as (keyof P)[];
  if (keys.length !== Object.keys(a).length || keys.some((key) => key !== 'env' && a[key] !== b[key])) return false;
  return a.env === b.env || (a.env.mode === b.env.mode && a.env.assets === b.env.assets && (a.env.numbers === b.env.numbers || sameNumbersWithin(b.block, a.env.numbers, b.env.numbers)));
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
