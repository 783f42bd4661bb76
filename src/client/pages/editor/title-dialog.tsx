import { useState } from 'react';
import { CARD_TITLE_MAX } from '../../../shared/card/constants';
import { Input } from '../../components/ui/input';
import { DialogForm, EditorDialog } from './dialogs/editor-dialog';

/** The header's exam title or the other-page base's title (page-editor.md §3: editable). */
export function TitleDialog({ open, initial, onConfirm, onClose }: { open: boolean; initial: string; onConfirm: (title: string) => void; onClose: () => void }) {
  const [title, setTitle] = useState(initial);
  return (
    <EditorDialog name="title" title="editor.tool.title" open={open} onClose={onClose}>
      <DialogForm onSubmit={() => onConfirm(title.trim())} onClose={onClose}>
        <Input data-testid="field-title" value={title} maxLength={CARD_TITLE_MAX} autoFocus onChange={(e) => setTitle(e.target.value)} />
      </DialogForm>
    </EditorDialog>
  );
}
