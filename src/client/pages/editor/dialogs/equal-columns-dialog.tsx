import { useState } from 'react';
import { EQUAL_SPLIT_COLUMNS } from '../../../../shared/card/constants';
import { useT } from '../../../i18n/locale-context';
import { RadioChoices } from '../../../components/radio-choices';
import type { EditorDialogProps } from './dialog-props';
import { DialogForm, EditorDialog } from './editor-dialog';

type Props = EditorDialogProps<number>;

const COUNTS = Array.from({ length: EQUAL_SPLIT_COLUMNS.max - EQUAL_SPLIT_COLUMNS.min + 1 }, (_, i) => EQUAL_SPLIT_COLUMNS.min + i);

/** Equal split: 3 to 8 columns; nothing picked is not checked (§5), so confirm waits for a pick. */
export function EqualColumnsDialog(props: Props) {
  return (
    <EditorDialog name="equal-columns" title="editorDialog.equal.title" open={props.open} onClose={props.onClose}>
      <EqualColumnsForm {...props} />
    </EditorDialog>
  );
}

function EqualColumnsForm({ initial, onConfirm, onClose }: Props) {
  const t = useT();
  const [columns, setColumns] = useState(initial);
  return (
    <DialogForm onClose={onClose} canConfirm={columns !== undefined} onSubmit={() => columns !== undefined && onConfirm(columns)}>
      <RadioChoices
        id="field-columns"
        label={t('editorDialog.equal.label')}
        value={columns === undefined ? '' : String(columns)}
        onChange={(v) => setColumns(Number(v))}
        choices={COUNTS.map((n) => ({ value: String(n), label: t('editorDialog.equal.columns', { n }) }))}
      />
      <p className="text-sm text-muted-foreground">{t('editorDialog.equal.help')}</p>
    </DialogForm>
  );
}
