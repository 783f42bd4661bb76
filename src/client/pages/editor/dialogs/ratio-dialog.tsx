import { useState } from 'react';
import { RATIO_SPLIT } from '../../../../shared/card/constants';
import { RadioChoices } from '../../../components/radio-choices';
import { useT } from '../../../i18n/locale-context';
import type { EditorDialogProps } from './dialog-props';
import { DialogForm, EditorDialog } from './editor-dialog';

type Props = EditorDialogProps<number>;

/** The left cell's share of 10, listed 9:1 … 1:9. */
const RATIOS = Array.from({ length: RATIO_SPLIT.max - RATIO_SPLIT.min + 1 }, (_, i) => RATIO_SPLIT.max - i);

/** Ratio split: nine choices; nothing picked is not checked (§5), so confirm waits for a pick. */
export function RatioDialog(props: Props) {
  return (
    <EditorDialog name="ratio" title="editorDialog.ratio.title" open={props.open} onClose={props.onClose}>
      <RatioForm {...props} />
    </EditorDialog>
  );
}

function RatioForm({ initial, onConfirm, onClose }: Props) {
  const t = useT();
  const [ratio, setRatio] = useState(initial);
  return (
    <DialogForm onClose={onClose} canConfirm={ratio !== undefined} onSubmit={() => ratio !== undefined && onConfirm(ratio)}>
      <RadioChoices
        id="field-ratio"
        label={t('editorDialog.ratio.label')}
        value={ratio === undefined ? '' : String(ratio)}
        onChange={(v) => setRatio(Number(v))}
        choices={RATIOS.map((r) => ({ value: String(r), label: `${r}:${10 - r}` }))}
      />
    </DialogForm>
  );
}
