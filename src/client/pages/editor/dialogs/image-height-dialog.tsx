import { useState } from 'react';
import { IMAGE_HEIGHT_MIN, checkImageHeight } from '../../../../shared/card/dialog-input';
import { useT } from '../../../i18n/locale-context';
import { NumberField } from './dialog-fields';
import type { EditorDialogProps } from './dialog-props';
import { DialogForm, EditorDialog, useCheckedConfirm } from './editor-dialog';

/** `maxHeight`: the column height less its other content. */
type Props = EditorDialogProps<number, { maxHeight: number }>;

/** An image's height: empty alerts and stays open; taller than its column alerts and closes unchanged (§5). */
export function ImageHeightDialog(props: Props) {
  return (
    <EditorDialog name="image-height" title="editorDialog.imageHeight.title" open={props.open} onClose={props.onClose}>
      <ImageHeightForm {...props} />
    </EditorDialog>
  );
}

function ImageHeightForm({ initial, context, onConfirm, onClose }: Props) {
  const t = useT();
  const [text, setText] = useState(initial === undefined ? '' : String(initial));
  const confirm = useCheckedConfirm(onConfirm, onClose);
  return (
    <DialogForm onClose={onClose} onSubmit={() => confirm(checkImageHeight(text, context.maxHeight))}>
      <NumberField
        name="image-height"
        label={t('editorDialog.imageHeight.label')}
        value={text}
        onValue={setText}
        min={IMAGE_HEIGHT_MIN}
        unit={t('editorDialog.unit.px')}
        hint={t('editorDialog.imageHeight.hint', { max: context.maxHeight })}
        autoFocus
      />
    </DialogForm>
  );
}
