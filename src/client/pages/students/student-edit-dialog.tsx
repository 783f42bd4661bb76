import { useEffect, useState } from 'react';
import { ZStudentEditSchema } from '../../../shared/schemas/students';
import { TextField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { fieldErrors, hasErrors } from '../../forms/field-errors';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

export interface StudentDraft {
  id?: number;
  grade: string;
  class: string;
  seat: string;
  number: string;
  name: string;
}

const FIELDS = [
  { name: 'grade', label: 'student.col.grade', type: 'number' },
  { name: 'class', label: 'student.col.class', type: 'number' },
  { name: 'seat', label: 'student.col.seat', type: 'number' },
  { name: 'number', label: 'student.col.number', type: 'text' },
  { name: 'name', label: 'student.col.name', type: 'text' },
] as const;

/** Adds one student (a transfer student) or edits one; a taken seat or number is said on its field. */
export function StudentEditDialog({ clientId, draft, onClose, onSaved }: { clientId?: number; draft: StudentDraft | null; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const [values, setValues] = useState<StudentDraft | null>(draft);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setValues(draft);
    setTried(false);
  }, [draft]);
  const save = trpc.students.save.useMutation({ meta: { inlineErrors: true }, onSuccess: onSaved });
  const input = values && { ...values, client_id: clientId };
  const errors: Record<string, string | undefined> = tried && input ? fieldErrors(ZStudentEditSchema, input) : {};
  // The server's refusal (a taken seat or number, naming who has it) is shown on the field it names.
  const serverField = (name: string) => (save.error?.data?.fields?.[name] ? save.error.message : undefined);
  const submit = () => {
    setTried(true);
    if (!input || hasErrors(fieldErrors(ZStudentEditSchema, input))) return;
    save.mutate(ZStudentEditSchema.parse(input));
  };
  return (
    <Dialog open={draft !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="student-edit" closeLabel={t('common.back')}>
        <DialogHeader>
          <DialogTitle>{t(draft?.id ? 'roster.edit' : 'roster.add')}</DialogTitle>
        </DialogHeader>
        {values && (
          <form
            noValidate
            className="grid grid-cols-3 gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            {FIELDS.map((f) => (
              <div key={f.name} className={f.type === 'text' ? 'col-span-3 sm:col-span-3' : ''}>
                <TextField
                  id={`student-${f.name}`}
                  label={t(f.label)}
                  type={f.type}
                  value={values[f.name]}
                  error={serverField(f.name) ?? (errors[f.name] && t(errors[f.name] as Parameters<typeof t>[0]))}
                  onValue={(v) => {
                    save.reset();
                    setValues((s) => s && { ...s, [f.name]: v });
                  }}
                />
              </div>
            ))}
            <DialogFooter className="col-span-3">
              <Button type="button" variant="outline" onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="submit" data-testid="student-save" disabled={save.isPending}>{t('common.save')}</Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
