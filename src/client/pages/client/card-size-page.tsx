import { SchoolName } from '../../components/admin/school-name';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

type Option = { value: string; label: string };

function OptionChecks({ legend, options, selected, onToggle, prefix }: { legend: string; options: Option[]; selected: Set<string>; onToggle: (v: string) => void; prefix: string }) {
  return (
    <fieldset className="rounded-lg border p-3">
      <legend className="px-1 font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-4 pt-1">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <Checkbox checked={selected.has(o.value)} onCheckedChange={() => onToggle(o.value)} data-testid={`${prefix}-${o.value}`} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const toggled = (set: Set<string>, v: string) => {
  const next = new Set(set);
  if (!next.delete(v)) next.add(v);
  return next;
};

/** /client/cardsize/:client_id? — the card modes and sizes card creation offers this school. */
export function CardSizePage() {
  const t = useT();
  const navigate = useNavigate();
  const clientId = Number(useParams().client_id) || undefined;
  const data = trpc.clients.cardData.useQuery({ client_id: clientId });
  const save = trpc.clients.saveCardData.useMutation({ onSuccess: () => void data.refetch() });
  const [modes, setModes] = useState<Set<string>>(new Set());
  const [sizes, setSizes] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (!data.data) return;
    setModes(new Set(data.data.data_mode));
    setSizes(new Set(data.data.data_size));
  }, [data.data]);
  const submit = () => {
    const mode_options = data.data?.mode_options ?? [];
    const size_options = data.data?.size_options ?? [];
    // Sent in catalogue order so the saved lists read the same however they were clicked.
    save.mutate({
      client_id: clientId,
      data_mode: mode_options.map((o) => o.value).filter((v) => modes.has(v)),
      data_size: size_options.map((o) => o.value).filter((v) => sizes.has(v)),
    });
  };
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeader>
        <CardTitle className="text-xl">{t('cardsize.title')}<SchoolName /></CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data.data && (
          <>
            <OptionChecks legend={t('cardsize.modes')} options={data.data.mode_options} selected={modes} onToggle={(v) => setModes((s) => toggled(s, v))} prefix="mode" />
            <OptionChecks legend={t('cardsize.sizes')} options={data.data.size_options} selected={sizes} onToggle={(v) => setSizes((s) => toggled(s, v))} prefix="size" />
          </>
        )}
      </CardContent>
      <CardFooter className="justify-end gap-2">
        <Button variant="outline" onClick={() => void navigate('/client/lists')}>{t('common.back')}</Button>
        <Button data-testid="cardsize-save" disabled={save.isPending || !data.data} onClick={submit}>{t('common.save')}</Button>
      </CardFooter>
    </Card>
  );
}
