import { useState } from 'react';
import type { ChoiceOptions } from '../../../../shared/card/block-parts';
import { checkChoice, choiceForm } from '../../../../shared/card/dialog-input';
import { ChoiceFields } from './choice-fields';
import type { EditorDialogProps } from './dialog-props';
import { DialogForm, EditorDialog, useCheckedConfirm } from './editor-dialog';

export type SubQuestionValue = { options: ChoiceOptions; count: number };
type Props = EditorDialogProps<SubQuestionValue, { page: number; rowsLeft?: number }>;

/** Sub-question group: how many questions and their option type (§2, §5; the count hint is not enforced). */
export function SubQuestionDialog(props: Props) {
  return (
    <EditorDialog name="sub-question" title="editorDialog.subQuestion.title" open={props.open} onClose={props.onClose}>
      <SubQuestionForm {...props} />
    </EditorDialog>
  );
}

function SubQuestionForm({ initial, context, onConfirm, onClose }: Props) {
  const [form, setForm] = useState(() => choiceForm(initial?.options, initial?.count));
  const confirm = useCheckedConfirm(onConfirm, onClose);
  return (
    <DialogForm onClose={onClose} onSubmit={() => confirm(checkChoice(form, true))}>
      <ChoiceFields form={form} onForm={setForm} questionsOnPage={context.page} rowsLeft={context.rowsLeft} />
    </DialogForm>
  );
}
