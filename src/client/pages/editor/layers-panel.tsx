import { memo, useMemo, useRef, useState, type DragEvent } from 'react';
import { layerHints, type LayerHint } from '../../../shared/card/edit/layer-hints';
import { childNodes, type EditNode } from '../../../shared/card/edit/block-tree';
import type { PageComponents } from '../../../shared/card/page-blocks';
import { useT } from '../../i18n/locale-context';
import { blockLabelKey } from './block-label';
import { useStableHandlers } from './use-stable-handlers';

// The layers panel: the page's block tree; a click selects, dragging a layer onto another moves
// it there (drop rules apply). Resizable between 200 and 350 px (page-editor.md §2).

export const LAYERS_WIDTH = { min: 200, max: 350 } as const;
export const LAYER_MIME = 'application/x-acs-layer';

interface Props {
  components: PageComponents;
  /** The page's first question number (its layers show the numbers they hold). */
  startNumber: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onMove: (id: string, onto: string) => void;
}

/** What a row does on a click or a drop: one object for the panel's lifetime, so the memoised rows never re-render for it. */
type RowActions = {
  select: (id: string) => void;
  move: (id: string, onto: string) => void;
};

interface RowProps {
  node: EditNode;
  depth: number;
  selectedId: string | null;
  hints: ReadonlyMap<string, LayerHint>;
  actions: RowActions;
}

const sameHint = (a: LayerHint | undefined, b: LayerHint | undefined) => a === b || (!!a && !!b && a.column === b.column && a.range?.[0] === b.range?.[0] && a.range?.[1] === b.range?.[1]);

/**
 * A row re-renders only when what it shows can have changed: its node (edits keep unchanged
 * blocks as the same objects), the selection entering or leaving it or a row inside it, or the
 * hint of one of them (an insertion above renumbers every question after it).
 */
function sameRow(a: RowProps, b: RowProps): boolean {
  if (a.node !== b.node || a.depth !== b.depth || a.actions !== b.actions) return false;
  const selection = a.selectedId === b.selectedId ? null : [a.selectedId, b.selectedId];
  const unchanged = (node: EditNode): boolean =>
    !selection?.includes(node.id) && (a.hints === b.hints || sameHint(a.hints.get(node.id), b.hints.get(node.id))) && childNodes(node).every(unchanged);
  return unchanged(a.node);
}

const LayerRow = memo(function LayerRow({ node, depth, selectedId, hints, actions }: RowProps) {
  const t = useT();
  // Shown beside the name (aria-hidden: the layer's accessible name stays the block's name).
  const hint = hints.get(node.id);
  const [a, b] = hint?.range ?? [0, 0];
  const numbers = hint?.range ? (a === b ? String(a) : `${a}–${b}`) : '';
  const column = hint?.column ? t(hint.column === 'left' ? 'editor.layers.left' : 'editor.layers.right') : '';
  const hintText = [numbers, column].filter(Boolean).join(' · ');
  return (
    <li>
      <button
        type="button"
        draggable
        data-testid={`layer-${node.id}`}
        onDragStart={(e) => e.dataTransfer.setData(LAYER_MIME, node.id)}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e: DragEvent) => {
          e.preventDefault();
          const moving = e.dataTransfer.getData(LAYER_MIME);
          if (moving && moving !== node.id) actions.move(moving, node.id);
        }}
        // The header is not selectable (page-editor.md §3).
        onClick={() => ('kind' in node && node.kind === 'header' ? undefined : actions.select(node.id))}
        className={`block w-full truncate rounded px-1 py-0.5 text-left text-xs hover:bg-accent ${node.id === selectedId ? 'bg-primary/15 font-semibold' : ''}`}
        style={{ paddingLeft: 4 + depth * 12 }}
      >
        {t(blockLabelKey(node))}
        {hintText && (
          <span aria-hidden="true" className="ml-1 font-normal text-muted-foreground">
            {hintText}
          </span>
        )}
      </button>
      <ul>
        {childNodes(node).map((child) => (
          <LayerRow node={child} depth={depth + 1} selectedId={selectedId} hints={hints} actions={actions} key={child.id} />
        ))}
      </ul>
    </li>
  );
}, sameRow);

export function LayersPanel({ components, startNumber, selectedId, onSelect, onMove }: Props) {
  const t = useT();
  const hints = useMemo(() => layerHints(components, startNumber), [components, startNumber]);
  const actions = useStableHandlers<RowActions>({ select: onSelect, move: onMove });
  const [width, setWidth] = useState<number>(LAYERS_WIDTH.min + 40);
  const start = useRef<{ x: number; width: number } | null>(null);

  const resize = (e: React.PointerEvent<HTMLDivElement>) => {
    start.current = { x: e.clientX, width };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const drag = (e: React.PointerEvent) => {
    if (!start.current) return;
    const next = start.current.width + (start.current.x - e.clientX);
    setWidth(Math.min(LAYERS_WIDTH.max, Math.max(LAYERS_WIDTH.min, next)));
  };

  return (
    // A phone (below md) shows the palette and the page only: the layers panel would push the page off a 375 px screen.
    <aside className="relative hidden shrink-0 overflow-y-auto border-l bg-background p-2 md:block" style={{ width }} data-testid="editor-layers">
      <div
        className="absolute inset-y-0 left-0 w-1.5 cursor-col-resize hover:bg-primary/30"
        data-testid="layers-resize"
        onPointerDown={resize}
        onPointerMove={drag}
        onPointerUp={() => (start.current = null)}
      />
      <h3 className="mb-1 text-xs font-semibold text-muted-foreground">{t('editor.layers')}</h3>
      <ul>
        {components.blocks.map((block) => (
          <LayerRow node={block} depth={0} selectedId={selectedId} hints={hints} actions={actions} key={block.id} />
        ))}
      </ul>
    </aside>
  );
}
