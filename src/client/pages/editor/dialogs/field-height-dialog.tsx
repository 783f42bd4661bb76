import { useState } from 'react';
import { HEIGHT_MIN_PX } from '../../../../shared/card/constants';
import { checkFieldHeight } from '../../../../shared/card/dialog-input';
import { useT } from '../../../i18n/locale-context';
import { NumberField } from './dialog-fields';
import type { EditorDialogProps } from './dialog-props';
import { DialogForm, EditorDialog, useCheckedConfirm } from './editor-dialog';

/** `step`: 0.2 for rows (HEIGHT_STEP_PX); `maxHeight`: the parent field's height. */
type Props = EditorDialogProps<number, { current: number; maxHeight: number; step: number }>;

/** A row's or cell's height, starting at the current one; above the field: 高度請勿超過欄高, stays open. */
export function FieldHeightDialog(props: Props) {
  return (
    <EditorDialog name="field-height" title="editorDialog.fieldHeight.title" open={props.open} onClose={props.onClose}>
      <FieldHeightForm {...props} />
    </EditorDialog>
  );
}

function FieldHeightForm({ initial, context, onConfirm, onClose }: Props) {
  const t = useT();
  const [text, setText] = useState(String(initial ?? context.current));
  const confirm = useCheckedConfirm(onConfirm, onClose);
  return (
    <DialogForm onClose={onClose} onSubmit={() => confirm(checkFieldHeight(text, context.maxHeight))}>
      <NumberField
        name="height"
        label={t('editorDialog.fieldHeight.label')}
        value={text}
        onValue={setText}
        min={HEIGHT_MIN_PX}
        max={context.maxHeight}
        step={context.step}
        unit={t('editorDialog.unit.px')}
        hint={<span data-testid="field-height-current">{t('editorDialog.fieldHeight.current', { height: context.current })}</span>}
        autoFocus
      />
    </DialogForm>
  );
}
