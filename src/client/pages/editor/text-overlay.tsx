import { useState } from 'react';
import type { RichText } from './rich-text/rich-text-doc';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/locale-context';
import { RichTextEditor } from './rich-text/rich-text-editor';

export interface TextEditing {
  id: string;
  value: RichText;
  /** Where the edited element sits, in the viewport. */
  rect: { left: number; top: number; width: number };
}

/** The rich-text editor laid over the double-clicked text; 完成 applies it as one undoable change. */
export function TextOverlay({ editing, onDone }: { editing: TextEditing; onDone: (value: RichText) => void }) {
  const t = useT();
  const [value, setValue] = useState(editing.value);
  const { left, top, width } = editing.rect;
  return (
    <div
      className="fixed z-40 rounded-md border bg-background p-2 shadow-xl"
      style={{ left, top, width: Math.max(width, 360) }}
      data-testid="text-overlay"
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={(e) => e.stopPropagation()}
    >
      <RichTextEditor value={value} onChange={setValue} autoFocus />
      <div className="mt-2 flex justify-end">
        <Button size="sm" data-testid="text-done" onClick={() => onDone(value)}>
          {t('editor.tool.done')}
        </Button>
      </div>
    </div>
  );
}
