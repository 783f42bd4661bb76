import { SchoolName } from '../../components/admin/school-name';
import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { SCHOOL_ROLES, ZTeacherEditSchema } from '../../../shared/schemas/users';
import { RadioChoices } from '../../components/radio-choices';
import { TextField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { fieldErrors, hasErrors } from '../../forms/field-errors';
import { useFormState } from '../../forms/use-form-state';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

const EMPTY = { name: '', account: '', password: '', role: 'teacher' };

/** /client/user/edit/:client_id? (?client_user_id= to edit) — name, account, password. */
export function TeacherEditPage() {
  const t = useT();
  const navigate = useNavigate();
  const clientId = Number(useParams().client_id) || undefined;
  const userId = Number(useSearchParams()[0].get('client_user_id')) || undefined;
  const info = trpc.teachers.info.useQuery({ client_user_id: userId ?? 0 }, { enabled: userId !== undefined });
  const loaded = useMemo(() => info.data && { name: info.data.name, account: info.data.account, password: '', role: info.data.role }, [info.data]);
  // Only administrators give the 學校管理者 role (the server checks the same; issue 14).
  const me = trpc.auth.me.useQuery();
  const mayAssignRole = me.data?.role === 'system_admin' || me.data?.role === 'school_admin';
  const { values, setField, tried, setTried } = useFormState(EMPTY, loaded);
  const back = () => void navigate(`/client/user/lists${clientId ? `/${clientId}` : ''}`);
  const save = trpc.teachers.save.useMutation({ onSuccess: back });
  const input = { ...values, role: values.role === 'school_admin' ? ('school_admin' as const) : ('teacher' as const), client_id: clientId, client_user_id: userId };
  const errors = tried ? fieldErrors(ZTeacherEditSchema, input) : {};
  const passwordMissing = tried && !userId && !values.password;
  const submit = () => {
    setTried(true);
    if (hasErrors(fieldErrors(ZTeacherEditSchema, input)) || (!userId && !values.password)) return;
    save.mutate(input);
  };
  const fields = [
    { name: 'name', label: t('teacher.edit.name'), type: 'text' },
    { name: 'account', label: t('teacher.edit.account'), type: 'text' },
    { name: 'password', label: t('teacher.edit.password'), type: 'password' },
  ] as const;
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader>
        <CardTitle className="text-xl">{t(userId ? 'teacher.edit.update' : 'teacher.edit.create')}<SchoolName clientId={info.data?.client_id ?? clientId} /></CardTitle>
        {userId && <CardDescription>{t('teacher.edit.passwordKeep')}</CardDescription>}
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {fields.map((f) => {
            const error = errors[f.name] ?? (f.name === 'password' && passwordMissing ? 'users.passwordRequired' : undefined);
            return (
              <TextField
                key={f.name}
                id={`teacher-${f.name}`}
                label={f.label}
                type={f.type}
                autoComplete={f.type === 'password' ? 'new-password' : 'off'}
                value={values[f.name]}
                error={error && t(error)}
                onValue={(v) => setField(f.name, v)}
              />
            );
          })}
          {mayAssignRole && (
            <RadioChoices
              id="teacher-role"
              label={t('people.role')}
              choices={SCHOOL_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
              value={values.role}
              onChange={(v) => setField('role', v)}
              error={errors.role && t(errors.role)}
            />
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={back}>{t('common.back')}</Button>
            <Button type="submit" data-testid="teacher-save" disabled={save.isPending}>{t('common.save')}</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
