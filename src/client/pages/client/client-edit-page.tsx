import { LoaderCircleIcon } from 'lucide-react';
import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DEFAULT_MAX_ACCOUNT } from '../../../shared/limits';
import { ZClientEditSchema, ZScanLimitsSaveSchema } from '../../../shared/schemas/clients';
import { TextField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { fieldErrors, hasErrors } from '../../forms/field-errors';
import { useFormState } from '../../forms/use-form-state';
import type { SchoolKey } from '../../i18n/school-strings';
import type { ClientKey } from '../../i18n/tw';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

const EMPTY = { name: '', nickname: '', code: '', max_account: String(DEFAULT_MAX_ACCOUNT), start_at: '', expiry_at: '', admin_name: '', admin_account: '', admin_password: '', scan_pages_in_flight: '', scan_pages_per_day: '' };
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
/** What the school may have the scan workers read (issue 31): blank is the host's default. */
const SCAN_FIELDS: { name: 'scan_pages_in_flight' | 'scan_pages_per_day'; label: SchoolKey }[] = [
  { name: 'scan_pages_in_flight', label: 'school.edit.scanInFlight' },
  { name: 'scan_pages_per_day', label: 'school.edit.scanPerDay' },
];
const limitText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** /client/edit/:client_id? — creates a school (code only then) or edits one; back to its list. */
export function ClientEditPage() {
  const t = useT();
  const navigate = useNavigate();
  const clientId = Number(useParams().client_id) || undefined;
  const parentId = Number(useSearchParams()[0].get('parent_id')) || undefined;
  const info = trpc.clients.info.useQuery({ client_id: clientId ?? 0 }, { enabled: clientId !== undefined });
  const d = info.data;
  const limits = trpc.clients.scanLimits.useQuery({ client_id: clientId ?? 0 }, { enabled: clientId !== undefined });
  const l = limits.data;
  const loaded = useMemo(
    () =>
      d && {
        ...EMPTY,
        name: d.name,
        nickname: d.nickname,
        code: d.code,
        max_account: String(d.max_account),
        start_at: d.start_at ?? '',
        expiry_at: d.expiry_at ?? '',
        scan_pages_in_flight: limitText(l?.scan_pages_in_flight),
        scan_pages_per_day: limitText(l?.scan_pages_per_day),
      },
    [d, l],
  );
  const { values, setField, tried, setTried } = useFormState(EMPTY, loaded);
  const parent = trpc.clients.info.useQuery({ client_id: parentId ?? 0 }, { enabled: parentId !== undefined });
  const listOf = (parent_id: number | null | undefined) => (parent_id ? `/client/lists/${parent_id}` : '/client/lists');
  const save = trpc.clients.save.useMutation({ onSuccess: () => navigate(listOf(info.data?.parent_id ?? parentId)) });
  const saveLimits = trpc.clients.saveScanLimits.useMutation();

  const { scan_pages_in_flight, scan_pages_per_day, ...school } = values;
  const input = { ...school, client_id: clientId, parent_id: parentId, code: clientId ? undefined : values.code };
  const limitInput = { client_id: clientId ?? 0, scan_pages_in_flight, scan_pages_per_day };
  const errors = tried ? { ...fieldErrors(ZClientEditSchema, input), ...(clientId ? fieldErrors(ZScanLimitsSaveSchema, limitInput) : {}) } : {};
  const submit = async () => {
    setTried(true);
    if (hasErrors(fieldErrors(ZClientEditSchema, input)) || (clientId && hasErrors(fieldErrors(ZScanLimitsSaveSchema, limitInput)))) return;
    // A refused save shows its message the way every mutation's does; the school is not saved then either.
    if (clientId && !(await saveLimits.mutateAsync(ZScanLimitsSaveSchema.parse(limitInput)).then(() => true, () => false))) return;
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
            void submit();
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
          {clientId && l && (
            <fieldset className="grid gap-4 rounded-lg border p-4" data-testid="client-scan-limits">
              <legend className="px-1 text-sm font-medium">{t('school.edit.scanSection')}</legend>
              <p className="text-sm text-muted-foreground">{t('school.edit.scanHint', { inFlight: l.defaults.scan_pages_in_flight, perDay: l.defaults.scan_pages_per_day })}</p>
              {SCAN_FIELDS.map((f) => (
                <TextField
                  key={f.name}
                  id={`client-${f.name}`}
                  label={t(f.label)}
                  type="number"
                  value={values[f.name]}
                  error={errors[f.name] && t(errors[f.name]!)}
                  onValue={(v) => setField(f.name, v)}
                />
              ))}
            </fieldset>
          )}
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
            <Button type="button" variant="outline" onClick={() => void navigate(listOf(info.data?.parent_id ?? parentId))}>
              {t('common.back')}
            </Button>
            <Button type="submit" data-testid="client-save" disabled={save.isPending || saveLimits.isPending}>
              {(save.isPending || saveLimits.isPending) && <LoaderCircleIcon className="animate-spin" />}
              {t('common.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
