import { SchoolName } from '../../components/admin/school-name';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

// Radix Select reserves '' for "no value", so "no default template" travels as this sentinel.
const NONE = '__none';

/**
 * /client/setting/:client_id? (a school's) and /system/setting/:client_id? (the system's, or a
 * school's when named): one dropdown per template category, saved as the Vcards key/value list.
 */
export function TemplateSettingPage({ system }: { system: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const clientId = Number(useParams().client_id) || undefined;
  const params = trpc.clients.settingParams.useQuery({ client_id: clientId, system });
  const current = trpc.clients.setting.useQuery({ client_id: clientId, system });
  const [chosen, setChosen] = useState<Record<string, string>>({});
  useEffect(() => {
    if (current.data) setChosen(Object.fromEntries(current.data.Vcards.map((v) => [v.key, v.value])));
  }, [current.data]);
  // Spec §2: the system screen goes on to the school templates and back to the school list; a
  // school's screen (reached from the row menu or the school administrator's menu) stays, and
  // goes back to wherever it came from.
  const save = trpc.clients.saveSetting.useMutation({ onSuccess: () => system && navigate('/client/templates') });
  const back = () => void (system ? navigate('/client/lists') : navigate(-1));
  const noOptions = params.data?.templates.every((c) => c.options.length === 0);
  const submit = () => {
    const Vcards = (params.data?.params ?? []).map((p) => ({ key: p.key, value: chosen[p.key] ?? '' }));
    save.mutate({ client_id: clientId, system, options: { Vcards } });
  };
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeader>
        <CardTitle className="text-xl">{t(system ? 'setting.title.system' : 'setting.title.client')}<SchoolName /></CardTitle>
        {noOptions && <CardDescription>{t('setting.noTemplates')}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        {params.data?.params.map((p) => {
          const options = params.data.templates.find((c) => c.key === p.key)?.options ?? [];
          return (
            <div key={p.key} className="grid gap-2">
              <Label htmlFor={`vcard-${p.key}`}>{p.name}</Label>
              <Select value={chosen[p.key] || NONE} onValueChange={(v) => setChosen((c) => ({ ...c, [p.key]: v === NONE ? '' : v }))}>
                <SelectTrigger id={`vcard-${p.key}`} data-testid={`vcard-${p.key}`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>{t('setting.none')}</SelectItem>
                  {options.map((o) => (
                    <SelectItem key={o.value} value={o.value}>{o.label}</SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          );
        })}
      </CardContent>
      <CardFooter className="justify-end gap-2">
        <Button variant="outline" onClick={back}>{t('common.back')}</Button>
        <Button data-testid="setting-save" disabled={save.isPending || !params.data} onClick={submit}>{t('common.save')}</Button>
      </CardFooter>
    </Card>
  );
}

export const ClientSettingPage = () => <TemplateSettingPage system={false} />;
export const SystemSettingPage = () => <TemplateSettingPage system />;
