import { memo } from 'react';
import { PALETTE_CATEGORIES, paletteFor, type PaletteItem } from '../../../shared/card/edit/palette-items';
import type { UiKey } from '../../i18n/client-translate';
import { useT } from '../../i18n/locale-context';

// The block palette by category (page-editor.md §2). A block is placed by a click (into the
// selected container, or the page's base) or dragged onto the canvas.

export const PALETTE_MIME = 'application/x-acs-palette';

export const PalettePanel = memo(function PalettePanel({ page, imageTextBlocks, onPlace }: { page: number; imageTextBlocks: boolean; onPlace: (item: PaletteItem) => void }) {
  const t = useT();
  const items = paletteFor(page, imageTextBlocks);
  return (
    <aside className="w-28 shrink-0 overflow-y-auto border-r bg-background p-2 text-sm sm:w-56" data-testid="editor-palette">
      {PALETTE_CATEGORIES.map((category) => (
        <section key={category} className="mb-3">
          <h3 className="mb-1 px-1 text-xs font-semibold text-muted-foreground">{t(`editor.cat.${category}` as UiKey)}</h3>
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            {items
              .filter((item) => item.category === category)
              .map((item) => (
                <button
                  type="button"
                  key={item.id}
                  draggable
                  data-testid={`palette-${item.id}`}
                  onDragStart={(e) => e.dataTransfer.setData(PALETTE_MIME, item.id)}
                  onClick={() => onPlace(item)}
                  className="rounded border bg-card px-1.5 py-1 text-left text-xs leading-tight hover:border-primary hover:bg-accent"
                >
                  {t(`editor.item.${item.id}` as UiKey)}
                </button>
              ))}
          </div>
        </section>
      ))}
    </aside>
  );
});
