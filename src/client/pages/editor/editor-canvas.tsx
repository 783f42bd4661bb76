import { useLayoutEffect, useMemo, useRef, type DragEvent, type MouseEvent, type RefObject } from 'react';
import type { PageComponents } from '../../../shared/card/page-blocks';
import type { Asset } from '../../../shared/card/page-document';
import { CARD_CSS } from '../../../shared/card/render/card-css';
import { CardPage, PageContent, RESERVED_ATTR } from '../../../shared/card/render/page-view';
import { PT_PER_CSS_PX } from '../../../shared/geometry/card-geometry';
import { reservedZoneHit } from '../../../shared/geometry/scan-layout';
import { assetsById } from '../../../shared/card/render/render-card-html';
import { numberQuestions } from '../../../shared/card/render/question-numbers';
import { BLOCK_ID_ATTR, DROP_AREA_CLASS, type RenderEnv } from '../../../shared/card/render/render-env';
import { MEASURING_CLASS } from './store/page-params';

// The A4 sheet at true scale, drawn by the shared renderer in edit mode: what the author sees is
// what prints. Selection and the dashed outlines are CSS on the renderer's data-block-id hooks,
// drawn as outlines, which take no room, so they never move a mark.

export interface CanvasProps {
  components: PageComponents;
  assets: Asset[];
  page: number;
  startNumber: number;
  schoolName: string;
  selectedId: string | null;
  outlines: boolean;
  headerId: string | undefined;
  /** Whether an id is a block of the tree (a sub-question item is not: its group is selected). */
  isBlock: (id: string) => boolean;
  scopeRef: RefObject<HTMLDivElement | null>;
  /** `hitId` is the innermost hooked element: a sub-question item when one was clicked. */
  onSelect: (id: string | null, hitId: string | null) => void;
  onDoubleClick: (id: string, target: HTMLElement) => void;
  onDropAt: (target: HTMLElement, event: DragEvent) => void;
  /** Something was dropped on a scan-mark zone: refused with a message. */
  onReservedDrop: () => void;
  /** Called after each render that changed the page, with the canvas, for the layout guard. */
  onRendered: (scope: HTMLDivElement) => void;
}

const SELECTED_ATTR = 'data-acs-selected';
/** An empty column's drop area: two question rows, enough to aim a drop at. */
const DROP_AREA_MIN_PX = 42;

const EDITOR_CSS = `
.acs-editor-canvas [${BLOCK_ID_ATTR}] { cursor: pointer; }
.acs-editor-canvas [${SELECTED_ATTR}] { outline: 2px solid #2563eb !important; outline-offset: -2px; }
.acs-editor-canvas.acs-outlines [${BLOCK_ID_ATTR}] { outline: 1px dashed #94a3b8; outline-offset: -1px; }
.acs-editor-canvas section { box-shadow: 0 1px 6px rgba(0,0,0,.25); margin: 0 auto; }
.acs-editor-canvas .acs-reserved { position: absolute; background: repeating-linear-gradient(45deg, rgba(100,116,139,.18) 0 4px, transparent 4px 8px); outline: 1px dashed #94a3b8; cursor: not-allowed; }
.acs-editor-canvas .acs-reserved-mark { position: absolute; background: #000; pointer-events: none; }
.acs-editor-canvas .${DROP_AREA_CLASS} { min-height: ${DROP_AREA_MIN_PX}px; margin: 3px; display: flex; align-items: center; justify-content: center; border: 1px dashed #60a5fa; border-radius: 4px; background: rgba(59,130,246,.06); color: #3b82f6; font-size: 12px; }
.acs-editor-canvas .acs-split-cell > .${DROP_AREA_CLASS} { position: absolute; inset: 3px; min-height: 0; margin: 0; }
.acs-editor-canvas.${MEASURING_CLASS} .${DROP_AREA_CLASS} { display: none; }
`;

/** The element of the nearest block that passes `accept`. */
function blockElement(target: EventTarget | null, accept: (id: string) => boolean): HTMLElement | null {
  let el = target instanceof HTMLElement ? target.closest<HTMLElement>(`[${BLOCK_ID_ATTR}]`) : null;
  while (el && !accept(el.getAttribute(BLOCK_ID_ATTR) ?? '')) el = el.parentElement?.closest<HTMLElement>(`[${BLOCK_ID_ATTR}]`) ?? null;
  return el;
}

export function EditorCanvas(props: CanvasProps) {
  const { components, assets, page, startNumber, schoolName, selectedId, outlines, headerId, scopeRef, onRendered } = props;
  // The assets keep their map while they are unchanged: the memoised rows (render-env.ts,
  // sameBlockView) compare it by identity, and a new one would re-render every row.
  const assetMap = useMemo(() => assetsById(assets), [assets]);
  const numbers = useMemo(() => numberQuestions(components, startNumber).numbers, [components, startNumber]);
  const env = useMemo<RenderEnv>(() => ({ mode: 'edit', assets: assetMap, numbers }), [assetMap, numbers]);
  // The page's hundreds of elements re-render only when the page changes: a selection, a dialog
  // or the status bar re-rendering the screen reuses this element, so React skips the whole tree;
  // an edit re-renders the rows it changed (unchanged blocks keep their objects: use-edit-store.ts).
  const sheet = useMemo(
    () => (
      <CardPage page={page} reserved>
        <PageContent components={components} env={env} schoolName={page === 1 ? schoolName : undefined} />
      </CardPage>
    ),
    [page, components, env, schoolName],
  );
  const rendered = useRef(onRendered);
  rendered.current = onRendered;
  // Only a changed page can change what the guard and the capacity measure: a selection or a
  // dialog opening does not measure (and so does not force a layout of) the whole page again.
  useLayoutEffect(() => {
    if (scopeRef.current) rendered.current(scopeRef.current);
  }, [sheet, scopeRef]);
  // The selection is an attribute on one element, not a changing stylesheet, so selecting a block
  // restyles that element only instead of the whole page's hundreds of bubbles.
  useLayoutEffect(() => {
    const el = selectedId ? scopeRef.current?.querySelector(`[${BLOCK_ID_ATTR}="${CSS.escape(selectedId)}"]`) : null;
    el?.setAttribute(SELECTED_ATTR, '');
    return () => el?.removeAttribute(SELECTED_ATTR);
  }, [selectedId, components, scopeRef]);

  // The header is not selectable (page-editor.md §3); a double-click still edits its texts.
  const click = (event: MouseEvent) => {
    const el = blockElement(event.target, (id) => id !== headerId && props.isBlock(id));
    const hit = blockElement(event.target, (id) => id !== headerId);
    props.onSelect(el?.getAttribute(BLOCK_ID_ATTR) ?? null, hit?.getAttribute(BLOCK_ID_ATTR) ?? null);
  };
  const doubleClick = (event: MouseEvent) => {
    if (!(event.target instanceof HTMLElement)) return;
    const el = blockElement(event.target, props.isBlock);
    if (el) props.onDoubleClick(el.getAttribute(BLOCK_ID_ATTR) ?? '', event.target);
  };

  return (
    <div className="flex-1 overflow-auto bg-muted/40 p-2 sm:p-6" onClick={click} onDoubleClick={doubleClick}>
      <style>{CARD_CSS + EDITOR_CSS}</style>
      <div
        ref={scopeRef}
        data-testid="editor-canvas"
        className={`acs-editor-canvas${outlines ? ' acs-outlines' : ''}`}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          if (e.target instanceof HTMLElement && e.target.closest(`[${RESERVED_ATTR}]`)) props.onReservedDrop();
          else if (e.target instanceof HTMLElement) props.onDropAt(e.target, e);
        }}
      >
        {sheet}
      </div>
    </div>
  );
}

/** Whether a base's rows are taller than its outline (overflow is clipped, so it would not print). */
export function overflowingBase(scope: ParentNode): boolean {
  return Array.from(scope.querySelectorAll<HTMLElement>('.acs-base')).some((base) => base.scrollHeight > base.clientHeight + 0.5);
}

/** Whether any block reaches a scan-mark zone (they would print under a registration mark or the page code). */
export function blockInReservedZone(scope: ParentNode): boolean {
  const section = scope.querySelector('section');
  if (!section) return false;
  const origin = section.getBoundingClientRect();
  return Array.from(section.querySelectorAll<HTMLElement>(`[${BLOCK_ID_ATTR}]`)).some((el) => {
    const r = el.getBoundingClientRect();
    const pt = { x: (r.left - origin.left) * PT_PER_CSS_PX, y: (r.top - origin.top) * PT_PER_CSS_PX, w: r.width * PT_PER_CSS_PX, h: r.height * PT_PER_CSS_PX };
    return pt.w > 0 && pt.h > 0 && reservedZoneHit(pt) !== undefined;
  });
}

/**
 * Whether an answer bubble sticks out of its split cell. The cell clips it, so it would not print
 * while the map still records it: a question row too wide for a narrow cell.
 */
export function bubbleOutsideCell(scope: ParentNode): boolean {
  return Array.from(scope.querySelectorAll<HTMLElement>('.acs-split-cell')).some((cell) => {
    const bubbles = cell.querySelectorAll<HTMLElement>('.acs-bubble');
    if (bubbles.length === 0) return false;
    const box = cell.getBoundingClientRect();
    return Array.from(bubbles).some((b) => b.getBoundingClientRect().right > box.right + 0.5);
  });
}

/**
 * Whether a free answer's score field (閱卷給分格) sticks out of its answer area: the area clips
 * it, so its bubbles would be mapped but not printed (a block lowered, or moved into a narrow column).
 */
export function scoreFieldClipped(scope: ParentNode): boolean {
  return Array.from(scope.querySelectorAll<HTMLElement>('.acs-score')).some((field) => {
    const area = field.parentElement?.getBoundingClientRect();
    const box = field.getBoundingClientRect();
    return !!area && (box.right > area.right + 0.5 || box.bottom > area.bottom + 0.5 || box.left < area.left - 0.5);
  });
}

export type LayoutProblem = 'overflow' | 'reserved' | 'clipped' | 'scoreBox';

/** What the layout guard refuses: content taller than its base, content over a scan mark, a question wider than its cell, a score field that does not fit. */
export function layoutProblem(scope: ParentNode): LayoutProblem | null {
  if (overflowingBase(scope)) return 'overflow';
  if (blockInReservedZone(scope)) return 'reserved';
  if (bubbleOutsideCell(scope)) return 'clipped';
  return scoreFieldClipped(scope) ? 'scoreBox' : null;
}
