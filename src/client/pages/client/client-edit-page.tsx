import { LoaderCircleIcon } from 'lucide-react';
import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DEFAULT_MAX_ACCOUNT } from '../../../shared/limits';
import { ZClientEditSchema } from '../../../shared/schemas/clients';
import { TextField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { fieldErrors, hasErrors } from '../../forms/field-errors';
import { useFormState } from '../../forms/use-form-state';
import type { SchoolKey } from '../../i18n/school-strings';
import type { ClientKey } from '../../i18n/tw';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

const EMPTY = { name: '', nickname: '', code: '', max_account: String(DEFAULT_MAX_ACCOUNT), start_at: '', expiry_at: '', admin_name: '', admin_account: '', admin_password: '' };
type Field = keyof typeof EMPTY;
const FIELDS: { name: Field; label: SchoolKey; type: string; createOnly?: boolean }[] = [
  { name: 'name', label: 'school.edit.name', type: 'text' },
  { name: 'nickname', label: 'school.edit.nickname', type: 'text' },
  { name: 'code', label: 'school.edit.code', type: 'text', createOnly: true },
  { name: 'max_account', label: 'school.edit.maxAccount', type: 'number' },
  { name: 'start_at', label: 'school.edit.start', type: 'date' },
  { name: 'expiry_at', label: 'school.edit.expiry', type: 'date' },
];
/** A new school's first administrator (issue 14), made together with the school. */
const ADMIN_FIELDS: { name: Field; label: ClientKey; type: string }[] = [
  { name: 'admin_name', label: 'school.edit.adminName', type: 'text' },
  { name: 'admin_account', label: 'school.edit.adminAccount', type: 'text' },
  { name: 'admin_password', label: 'school.edit.adminPassword', type: 'password' },
];

/** /client/edit/:client_id? — creates a school (code only then) or edits one; back to its list. */
export function ClientEditPage() {
  const t = useT();
  const navigate = useNavigate();
  const clientId = Number(useParams().client_id) || undefined;
  const parentId = Number(useSearchParams()[0].get('parent_id')) || undefined;
  const info = trpc.clients.info.useQuery({ client_id: clientId ?? 0 }, { enabled: clientId !== undefined });
  const d = info.data;
  const loaded = useMemo(
    () => d && { ...EMPTY, name: d.name, nickname: d.nickname, code: d.code, max_account: String(d.max_account), start_at: d.start_at ?? '', expiry_at: d.expiry_at ?? '' },
    [d],
  );
  const { values, setField, tried, setTried } = useFormState(EMPTY, loaded);
  const parent = trpc.clients.info.useQuery({ client_id: parentId ?? 0 }, { enabled: parentId !== undefined });
  const listOf = (parent_id: number | null | undefined) => (parent_id ? `/client/lists/${parent_id}` : '/client/lists');
  const save = trpc.clients.save.useMutation({ onSuccess: () => navigate(listOf(info.data?.parent_id ?? parentId)) });

  const input = { ...values, client_id: clientId, parent_id: parentId, code: clientId ? undefined : values.code };
  const errors = tried ? fieldErrors(ZClientEditSchema, input) : {};
  const submit = () => {
    setTried(true);
    if (hasErrors(fieldErrors(ZClientEditSchema, input))) return;
    save.mutate({ ...input, max_account: Number(values.max_account) });
  };

  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <CardTitle className="text-xl">{t(clientId ? 'school.edit.update' : 'school.edit.create')}</CardTitle>
        {parent.data && <CardDescription>{t('school.edit.parent', { name: parent.data.name })}</CardDescription>}
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
          {FIELDS.filter((f) => !(f.createOnly && clientId)).map((f) => (
            <TextField
              key={f.name}
              id={`client-${f.name}`}
              label={t(f.label)}
              type={f.type}
              value={values[f.name]}
              error={errors[f.name] && t(errors[f.name]!)}
              onValue={(v) => setField(f.name, v)}
            />
          ))}
          {clientId && <p className="text-sm text-muted-foreground">{t('school.edit.code')}：{values.code}</p>}
          {!clientId && (
            <fieldset className="grid gap-4 rounded-lg border p-4" data-testid="client-admin">
              <legend className="px-1 text-sm font-medium">{t('school.edit.adminSection')}</legend>
              <p className="text-sm text-muted-foreground">{t('school.edit.adminHint')}</p>
              {ADMIN_FIELDS.map((f) => (
                <TextField
                  key={f.name}
                  id={`client-${f.name}`}
                  label={t(f.label)}
                  type={f.type}
                  autoComplete={f.type === 'password' ? 'new-password' : 'off'}
                  value={values[f.name]}
                  error={errors[f.name] && t(errors[f.name]!)}
                  onValue={(v) => setField(f.name, v)}
                />
              ))}
            </fieldset>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => navigate(listOf(info.data?.parent_id ?? parentId))}>
              {t('common.back')}
            </Button>
            <Button type="submit" data-testid="client-save" disabled={save.isPending}>
              {save.isPending && <LoaderCircleIcon className="animate-spin" />}
              {t('common.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
