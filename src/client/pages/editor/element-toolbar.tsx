import { ArrowDown, ArrowUp, Copy, CornerLeftUp, Trash2 } from 'lucide-react';
import { locate } from '../../../shared/card/edit/block-tree';
import { isMovable } from '../../../shared/card/edit/placement';
import type { PageComponents } from '../../../shared/card/page-blocks';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/locale-context';
import { blockLabelKey } from './block-label';
import { TOOL_LABEL, toolsFor, type ToolName } from './element-tools';

export type StructureAction = 'parent' | 'up' | 'down' | 'clone' | 'delete';

/** Shown with the label on hover (use-block-keys.ts). */
const SHORTCUTS: Partial<Record<StructureAction, string>> = { clone: '（Ctrl+D）', delete: '（Delete）' };

interface Props {
  components: PageComponents;
  selectedId: string | null;
  /** The sub-question item clicked inside the selected group, if any. */
  itemId: string | null;
  onStructure: (action: StructureAction, id: string) => void;
  onTool: (tool: ToolName, id: string) => void;
}

/** The selected block's actions, above the canvas. A grid offers delete only (spec §3). */
export function ElementToolbar({ components, selectedId, itemId, onStructure, onTool }: Props) {
  const t = useT();
  const at = selectedId ? locate(components, selectedId) : undefined;
  if (!at) return <div className="h-10 border-b bg-background" />;
  const movable = isMovable(components, at.node.id);
  const gridOnly = 'kind' in at.node && at.node.kind === 'grid';
  const icon = (action: StructureAction, Icon: typeof ArrowUp, label: Parameters<typeof t>[0]) => (
    <Button size="sm" variant="ghost" title={`${t(label)}${SHORTCUTS[action] ?? ''}`} aria-label={t(label)} data-testid={`tool-${action}`} onClick={() => onStructure(action, at.node.id)}>
      <Icon className="size-4" />
    </Button>
  );
  return (
    <div className="flex h-10 items-center gap-1 border-b bg-background px-2 text-sm" data-testid="element-toolbar">
      <span className="mr-2 font-semibold" data-testid="selected-kind">
        {t(blockLabelKey(at.node))}
      </span>
      {at.parent && !gridOnly && icon('parent', CornerLeftUp, 'editor.tool.parent')}
      {movable && !gridOnly && icon('up', ArrowUp, 'editor.tool.up')}
      {movable && !gridOnly && icon('down', ArrowDown, 'editor.tool.down')}
      {movable && !gridOnly && icon('clone', Copy, 'editor.tool.clone')}
      {movable && icon('delete', Trash2, 'editor.tool.delete')}
      {toolsFor(at.node)
        .filter((tool) => tool !== 'child' || !('kind' in at.node) || at.node.kind !== 'subQuestionGroup' || at.node.items.some((i) => i.id === itemId))
        .map((tool) => (
        <Button key={tool} size="sm" variant="outline" data-testid={`tool-${tool}`} onClick={() => onTool(tool, at.node.id)}>
          {t(TOOL_LABEL[tool])}
        </Button>
      ))}
    </div>
  );
}
