import { useEffect } from 'react';
import { isMovable } from '../../../shared/card/edit/placement';
import type { PageComponents } from '../../../shared/card/page-blocks';
import type { StructureAction } from './element-toolbar';

/**
 * Delete / Backspace removes the selected block, Ctrl+D (⌘D) duplicates it (issue 15, part 5);
 * only blocks the toolbar offers these for (not the header, a base or a cell), never while typing.
 */
export function useBlockKeys(components: PageComponents, selectedId: string | null, onStructure: (action: StructureAction, id: string) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target instanceof HTMLElement ? e.target : null;
      if (!selectedId || el?.closest('input, textarea, [contenteditable="true"], [role="dialog"], [role="alertdialog"]')) return;
      if (!isMovable(components, selectedId)) return;
      const mod = e.ctrlKey || e.metaKey;
      if (!mod && (e.key === 'Delete' || e.key === 'Backspace')) onStructure('delete', selectedId);
      else if (mod && !e.shiftKey && e.key.toLowerCase() === 'd') onStructure('clone', selectedId);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [components, selectedId, onStructure]);
}
