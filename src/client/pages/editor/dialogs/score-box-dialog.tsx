import { useState } from 'react';
import { SCORE_BOX } from '../../../../shared/card/constants';
import { checkScoreBox, scoreBoxForm } from '../../../../shared/card/edit/score-box';
import type { ScoreBox } from '../../../../shared/card/row-blocks';
import { SCALE_MAX } from '../../../../shared/geometry/score-field-layout';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { useT } from '../../../i18n/locale-context';
import { NumberField } from './dialog-fields';
import type { EditorDialogProps } from './dialog-props';
import { DialogForm, EditorDialog, useCheckedConfirm } from './editor-dialog';

type Props = EditorDialogProps<ScoreBox | null>;

/** 閱卷給分格 of a free answer: printed or not, its maximum and the .5 bubble (docs/editor.md "Score fields"). */
export function ScoreBoxDialog(props: Props) {
  return (
    <EditorDialog name="score-box" title="editorDialog.scoreBox.title" open={props.open} onClose={props.onClose}>
      <ScoreBoxForm {...props} />
    </EditorDialog>
  );
}

function Tick({ name, label, checked, onChange }: { name: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={`field-${name}`} data-testid={`field-${name}`} checked={checked} onCheckedChange={(c) => onChange(c === true)} />
      <Label htmlFor={`field-${name}`} className="font-normal">
        {label}
      </Label>
    </div>
  );
}

function ScoreBoxForm({ initial, onConfirm, onClose }: Props) {
  const t = useT();
  const [form, setForm] = useState(() => scoreBoxForm(initial ?? undefined, SCORE_BOX.defaultMax));
  const confirm = useCheckedConfirm(onConfirm, onClose);
  return (
    <DialogForm onClose={onClose} onSubmit={() => confirm(checkScoreBox(form))}>
      <Tick name="scoreBox" label={t('editorDialog.scoreBox.enabled')} checked={form.enabled} onChange={(enabled) => setForm({ ...form, enabled })} />
      {form.enabled && (
        <>
          <NumberField
            name="scoreMax"
            label={t('editorDialog.scoreBox.max')}
            value={form.max}
            onValue={(max) => setForm({ ...form, max })}
            min={SCORE_BOX.min}
            max={SCORE_BOX.max}
            step={SCORE_BOX.step}
            unit={t('editorDialog.scoreBox.unit')}
            hint={t('editorDialog.scoreBox.layout', { scale: SCALE_MAX })}
            autoFocus
          />
          <Tick name="scoreHalf" label={t('editorDialog.scoreBox.half')} checked={form.half} onChange={(half) => setForm({ ...form, half })} />
        </>
      )}
    </DialogForm>
  );
}
