import { useState } from 'react';
import type { z } from 'zod';
import type { ZAlign } from '../../../../shared/card/block-parts';
import { checkAlign } from '../../../../shared/card/dialog-input';
import { useT } from '../../../i18n/locale-context';
import { RadioChoices } from '../../../components/radio-choices';
import type { EditorDialogProps } from './dialog-props';
import { DialogForm, EditorDialog, useCheckedConfirm } from './editor-dialog';

export type Align = z.infer<typeof ZAlign>;
type Props = EditorDialogProps<Align>;

const VERTICAL = ['top', 'middle', 'bottom'] as const;
const HORIZONTAL = ['left', 'center', 'right'] as const;

/** 設定欄位內容錨點: where a field's content sits, vertically and horizontally; both are required. */
export function AlignDialog(props: Props) {
  return (
    <EditorDialog name="align" title="editorDialog.align.title" open={props.open} onClose={props.onClose}>
      <AlignForm {...props} />
    </EditorDialog>
  );
}

function AlignForm({ initial, onConfirm, onClose }: Props) {
  const t = useT();
  const [vertical, setVertical] = useState<string | undefined>(initial?.vertical);
  const [horizontal, setHorizontal] = useState<string | undefined>(initial?.horizontal);
  const confirm = useCheckedConfirm(onConfirm, onClose);
  return (
    <DialogForm onClose={onClose} onSubmit={() => confirm(checkAlign(vertical, horizontal))}>
      <div className="grid grid-cols-2 gap-6">
        <RadioChoices
          id="field-vertical"
          label={t('editorDialog.align.vertical')}
          value={vertical ?? ''}
          onChange={setVertical}
          choices={VERTICAL.map((v) => ({ value: v, label: t(`editorDialog.align.${v}`) }))}
        />
        <RadioChoices
          id="field-horizontal"
          label={t('editorDialog.align.horizontal')}
          value={horizontal ?? ''}
          onChange={setHorizontal}
          choices={HORIZONTAL.map((h) => ({ value: h, label: t(`editorDialog.align.${h}`) }))}
        />
      </div>
    </DialogForm>
  );
}
