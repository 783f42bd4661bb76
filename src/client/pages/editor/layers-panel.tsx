import { useMemo, useRef, useState, type DragEvent } from 'react';
import { layerHints } from '../../../shared/card/edit/layer-hints';
import { childNodes, type EditNode } from '../../../shared/card/edit/block-tree';
import type { PageComponents } from '../../../shared/card/page-blocks';
import { useT } from '../../i18n/locale-context';
import { blockLabelKey } from './block-label';

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

export function LayersPanel({ components, startNumber, selectedId, onSelect, onMove }: Props) {
  const t = useT();
  const hints = useMemo(() => layerHints(components, startNumber), [components, startNumber]);
  // Shown beside the name (aria-hidden: the layer's accessible name stays the block's name).
  const hintText = (id: string) => {
    const hint = hints.get(id);
    if (!hint?.range && !hint?.column) return null;
    const [a, b] = hint.range ?? [0, 0];
    const numbers = hint.range ? (a === b ? String(a) : `${a}–${b}`) : '';
    const column = hint.column ? t(hint.column === 'left' ? 'editor.layers.left' : 'editor.layers.right') : '';
    return [numbers, column].filter(Boolean).join(' · ');
  };
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

  const row = (node: EditNode, depth: number) => (
    <li key={node.id}>
      <button
        type="button"
        draggable
        data-testid={`layer-${node.id}`}
        onDragStart={(e) => e.dataTransfer.setData(LAYER_MIME, node.id)}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e: DragEvent) => {
          e.preventDefault();
          const moving = e.dataTransfer.getData(LAYER_MIME);
          if (moving && moving !== node.id) onMove(moving, node.id);
        }}
        // The header is not selectable (page-editor.md §3).
        onClick={() => 'kind' in node && node.kind === 'header' ? undefined : onSelect(node.id)}
        className={`block w-full truncate rounded px-1 py-0.5 text-left text-xs hover:bg-accent ${node.id === selectedId ? 'bg-primary/15 font-semibold' : ''}`}
        style={{ paddingLeft: 4 + depth * 12 }}
      >
        {t(blockLabelKey(node))}
        {hintText(node.id) && (
          <span aria-hidden="true" className="ml-1 font-normal text-muted-foreground">
            {hintText(node.id)}
          </span>
        )}
      </button>
      <ul>{childNodes(node).map((child) => row(child, depth + 1))}</ul>
    </li>
  );

  return (
    <aside className="relative shrink-0 overflow-y-auto border-l bg-background p-2" style={{ width }} data-testid="editor-layers">
      <div
        className="absolute inset-y-0 left-0 w-1.5 cursor-col-resize hover:bg-primary/30"
        data-testid="layers-resize"
        onPointerDown={resize}
        onPointerMove={drag}
        onPointerUp={() => (start.current = null)}
      />
      <h3 className="mb-1 text-xs font-semibold text-muted-foreground">{t('editor.layers')}</h3>
      <ul>{components.blocks.map((block) => row(block, 0))}</ul>
    </aside>
  );
}
