import { useState } from 'react';
import type { ChoiceOptions } from '../../../../shared/card/block-parts';
import { checkChoice, choiceForm } from '../../../../shared/card/dialog-input';
import { ChoiceFields } from './choice-fields';
import type { EditorDialogProps } from './dialog-props';
import { DialogForm, EditorDialog, useCheckedConfirm } from './editor-dialog';

export type ChoiceValue = { options: ChoiceOptions; count?: number };
type Props = EditorDialogProps<ChoiceValue, { withCount: boolean; page: number; rowsLeft?: number }>;

/** Single or multi choice settings; a multi choice (`withCount`) also asks how many questions. */
export function ChoiceDialog(props: Props) {
  return (
    <EditorDialog name="choice" title="editorDialog.choice.title" open={props.open} onClose={props.onClose}>
      <ChoiceForm {...props} />
    </EditorDialog>
  );
}

function ChoiceForm({ initial, context, onConfirm, onClose }: Props) {
  const [form, setForm] = useState(() => choiceForm(initial?.options, initial?.count));
  const confirm = useCheckedConfirm(onConfirm, onClose);
  return (
    <DialogForm onClose={onClose} onSubmit={() => confirm(checkChoice(form, context.withCount))}>
      <ChoiceFields form={form} onForm={setForm} questionsOnPage={context.withCount ? context.page : undefined} rowsLeft={context.rowsLeft} />
    </DialogForm>
  );
}
