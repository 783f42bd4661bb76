import { isCell, type EditNode } from '../../../shared/card/edit/block-tree';
import type { UiKey } from '../../i18n/client-translate';

// The name a block shows in the layers panel and the toolbar: its palette label.
export function blockLabelKey(node: EditNode): UiKey {
  if (isCell(node)) return 'editor.kind.cell';
  switch (node.kind) {
    case 'blank':
      return node.variant === 'text' ? 'editor.item.blankText' : node.variant === 'backSide' ? 'editor.item.blankBackSide' : 'editor.item.blankDoNotWrite';
    case 'imageText':
      return `editor.item.${node.layout}`;
    case 'imageColumns':
      return `editor.item.imageColumns${node.columns}`;
    default:
      return `editor.item.${node.kind}`;
  }
}
