import { LoaderCircleIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ZTemplateInfoSchema } from '../../../shared/schemas/cards';
import { TextField } from '../../components/form-field';
import { RadioChoices } from '../../components/radio-choices';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { fieldErrors, hasErrors } from '../../forms/field-errors';
import { useT } from '../../i18n/locale-context';
import { useCan } from '../../session/use-can';
import { trpc } from '../../trpc/trpc';

const EMPTY = { title: '', description: '', mode: '', size: '' };

/** /client/templates/create and /client/templates/edit/:guid: title, description, mode, size, 固定格式. */
export function TemplateFormPage() {
  const t = useT();
  const navigate = useNavigate();
  const { guid } = useParams();
  const [values, setValues] = useState(EMPTY);
  const [fixed, setFixed] = useState(false);
  const [tried, setTried] = useState(false);
  const params = trpc.cards.params.useQuery();
  const info = trpc.templates.info.useQuery({ guid: guid ?? '' }, { enabled: Boolean(guid) });
  // Back to the list it was opened from (the template list passes it); else the school's templates
  // for their managers, the template list for a teacher (who may change only its own, and would
  // meet 403 on /client/templates).
  const canManage = useCan('templates.manage');
  const back = (useLocation().state as { back?: string } | null)?.back ?? (canManage ? '/client/templates' : '/cards/templates');
  const done = { onSuccess: () => navigate(back) };
  const create = trpc.templates.create.useMutation(done);
  const edit = trpc.templates.edit.useMutation(done);

  // The template's values fill the form once: a later answer of the same query (a background refetch
  // when the page mounts with a cached answer) must not overwrite what the user has typed since.
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (info.data) {
      if (filledFor.current === guid) return;
      filledFor.current = guid ?? null;
      setValues({ title: info.data.title, description: info.data.description, mode: info.data.mode, size: info.data.size });
      setFixed(info.data.fixed_format === 1);
    }
    else if (params.data && !guid) {
      setValues((v) => ({ ...v, mode: v.mode || params.data.mode_data[0]?.value || '', size: v.size || params.data.size_data[0]?.value || '' }));
    }
  }, [info.data, params.data, guid]);

  const errors = tried ? fieldErrors(ZTemplateInfoSchema, values) : {};
  const set = (name: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const submit = () => {
    setTried(true);
    if (hasErrors(fieldErrors(ZTemplateInfoSchema, values))) return;
    const data = { ...values, fixed_format: fixed };
    if (guid) edit.mutate({ guid, data });
    else create.mutate({ data });
  };
  const busy = create.isPending || edit.isPending;

  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeader>
        <CardTitle className="text-xl">{t(guid ? 'cards.templates.editTitle' : 'cards.templates.createTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-5" onSubmit={(e) => { e.preventDefault(); submit(); }}>
          <TextField id="template-title" label={t('cards.form.title')} value={values.title} onValue={set('title')} error={errors.title && t(errors.title)} />
          <TextField id="template-description" label={t('cards.form.description')} value={values.description} onValue={set('description')} />
          {params.data && (
            <>
              <RadioChoices id="template-mode" label={t('cards.form.mode')} choices={params.data.mode_data} value={values.mode} onChange={set('mode')} disabled={Boolean(guid)} error={errors.mode && t(errors.mode)} />
              <RadioChoices id="template-size" label={t('cards.form.size')} choices={params.data.size_data} value={values.size} onChange={set('size')} disabled={Boolean(guid)} error={errors.size && t(errors.size)} />
            </>
          )}
          <div className="flex items-start gap-2">
            <Checkbox id="template-fixed" data-testid="template-fixed" checked={fixed} onCheckedChange={(on) => setFixed(on === true)} />
            <div className="grid gap-1">
              <Label htmlFor="template-fixed">{t('cards.templates.fixedFormat')}</Label>
              <p className="text-sm text-muted-foreground">{t('cards.templates.fixedFormatHint')}</p>
            </div>
          </div>
          <div className="flex gap-3">
            <Button type="submit" data-testid="template-submit" disabled={busy}>
              {busy && <LoaderCircleIcon className="animate-spin" />}
              {t('cards.form.save')}
            </Button>
            <Button asChild variant="outline">
              <Link to={back} data-testid="template-back">{t('cards.form.back')}</Link>
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
