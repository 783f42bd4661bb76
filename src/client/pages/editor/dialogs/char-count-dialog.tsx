import { useState } from 'react';
import { HANDWRITING_CHARS } from '../../../../shared/card/constants';
import { checkCharCount } from '../../../../shared/card/dialog-input';
import { useT } from '../../../i18n/locale-context';
import { NumberField } from './dialog-fields';
import type { EditorDialogProps } from './dialog-props';
import { DialogForm, EditorDialog, useCheckedConfirm } from './editor-dialog';

type Props = EditorDialogProps<number>;

/** Handwriting grid / dot-underline: 1–200 characters (the help text's 50 is advice, §5). */
export function CharCountDialog(props: Props) {
  return (
    <EditorDialog name="char-count" title="editorDialog.chars.title" open={props.open} onClose={props.onClose}>
      <CharCountForm {...props} />
    </EditorDialog>
  );
}

function CharCountForm({ initial, onConfirm, onClose }: Props) {
  const t = useT();
  const [text, setText] = useState(initial === undefined ? '' : String(initial));
  const confirm = useCheckedConfirm(onConfirm, onClose);
  return (
    <DialogForm onClose={onClose} onSubmit={() => confirm(checkCharCount(text))}>
      <NumberField
        name="chars"
        label={t('editorDialog.chars.label')}
        value={text}
        onValue={setText}
        min={HANDWRITING_CHARS.min}
        max={HANDWRITING_CHARS.max}
        step={1}
        hint={t('editorDialog.chars.help')}
        autoFocus
      />
    </DialogForm>
  );
}
