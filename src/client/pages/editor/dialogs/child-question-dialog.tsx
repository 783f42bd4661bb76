import { useState } from 'react';
import type { z } from 'zod';
import type { ZNumbering } from '../../../../shared/card/block-parts';
import { checkNumbering } from '../../../../shared/card/dialog-input';
import { useT } from '../../../i18n/locale-context';
import { RadioChoices } from '../../../components/radio-choices';
import type { EditorDialogProps } from './dialog-props';
import { DialogForm, EditorDialog, useCheckedConfirm } from './editor-dialog';

type Props = EditorDialogProps<z.infer<typeof ZNumbering>>;

/** Whether a question is a sub-question of the one before (shows 自, not counted); preselects the current state. */
export function ChildQuestionDialog(props: Props) {
  return (
    <EditorDialog name="child-question" title="editorDialog.child.title" open={props.open} onClose={props.onClose}>
      <ChildQuestionForm {...props} />
    </EditorDialog>
  );
}

function ChildQuestionForm({ initial, onConfirm, onClose }: Props) {
  const t = useT();
  const [choice, setChoice] = useState<string | undefined>(initial);
  const confirm = useCheckedConfirm(onConfirm, onClose);
  return (
    <DialogForm onClose={onClose} onSubmit={() => confirm(checkNumbering(choice))}>
      <RadioChoices
        id="field-numbering"
        label={t('editorDialog.child.label')}
        value={choice ?? ''}
        onChange={setChoice}
        choices={[
          { value: 'sub', label: t('editorDialog.child.sub') },
          { value: 'auto', label: t('editorDialog.child.auto') },
        ]}
      />
    </DialogForm>
  );
}
