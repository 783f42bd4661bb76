import { useState } from 'react';
import { checkBorder, type BorderValue } from '../../../../shared/card/dialog-input';
import { useT } from '../../../i18n/locale-context';
import { RadioChoices } from '../../../components/radio-choices';
import type { EditorDialogProps } from './dialog-props';
import { DialogForm, EditorDialog, useCheckedConfirm } from './editor-dialog';

type Props = EditorDialogProps<BorderValue, { kind: BorderValue['kind'] }>;

const CHOICES = { row: ['on', 'off'], split: ['full', 'middle', 'none'] } as const;

function choiceOf(value: BorderValue | undefined): string | undefined {
  if (!value) return undefined;
  return value.kind === 'row' ? (value.bottom ? 'on' : 'off') : value.border;
}

/** A row's bottom line (設定底線) or a split's column borders (設定框線); no choice → 輸入不全. */
export function BorderDialog(props: Props) {
  const title = props.context.kind === 'row' ? 'editorDialog.border.rowTitle' : 'editorDialog.border.splitTitle';
  return (
    <EditorDialog name="border" title={title} open={props.open} onClose={props.onClose}>
      <BorderForm {...props} />
    </EditorDialog>
  );
}

function BorderForm({ initial, context, onConfirm, onClose }: Props) {
  const t = useT();
  const [choice, setChoice] = useState(() => (initial?.kind === context.kind ? choiceOf(initial) : undefined));
  const confirm = useCheckedConfirm(onConfirm, onClose);
  return (
    <DialogForm onClose={onClose} onSubmit={() => confirm(checkBorder(context.kind, choice))}>
      <RadioChoices
        id="field-border"
        label={t('editorDialog.border.label')}
        value={choice ?? ''}
        onChange={setChoice}
        choices={CHOICES[context.kind].map((c) => ({ value: c, label: t(`editorDialog.border.${c}`) }))}
      />
    </DialogForm>
  );
}
