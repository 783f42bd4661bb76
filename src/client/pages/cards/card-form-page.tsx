import { LoaderCircleIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ZCardFormSchema } from '../../../shared/schemas/cards';
import { FormField, TextField } from '../../components/form-field';
import { RadioChoices } from '../../components/radio-choices';
import { SearchableSelect } from '../../components/searchable-select';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { fieldErrors, hasErrors } from '../../forms/field-errors';
import { useT } from '../../i18n/locale-context';
import { useCan } from '../../session/use-can';
import { trpc } from '../../trpc/trpc';

const EMPTY = { title: '', department: '', subject: '', mode: '', size: '' };
/** The template list's first choice: no template (template guids are UUIDs, never this). */
const BLANK = 'blank';

/** /cards/create[?template_id] and /cards/edit/:guid — the card info form (back-office.md §2). */
export function CardFormPage() {
  const t = useT();
  const navigate = useNavigate();
  const { guid, template_id: pathTemplate } = useParams();
  const [search] = useSearchParams();
  const [picked, setPicked] = useState('');
  const urlTemplate = guid ? undefined : (pathTemplate ?? search.get('template_id') ?? undefined);
  // A template from the URL (製作卷卡), else the one picked in the form's list, else a blank card.
  const templateId = urlTemplate ?? (picked || undefined);
  const [values, setValues] = useState(EMPTY);
  const [share, setShare] = useState(false);
  const [tried, setTried] = useState(false);
  const canShare = useCan('cards.share');
  const params = trpc.cards.params.useQuery();
  const info = trpc.cards.info.useQuery({ guid: guid ?? '' }, { enabled: Boolean(guid) });
  const template = trpc.templates.info.useQuery({ guid: templateId ?? '' }, { enabled: Boolean(templateId) });
  const canUseTemplates = useCan('templates.view');
  const templates = trpc.cards.templates.useQuery({ page: 1, limit: 200 }, { enabled: !guid && !urlTemplate && canUseTemplates });
  // A new card opens in the editor (issue 15, part 2), unless its content is locked (a system template's).
  const create = trpc.cards.create.useMutation({ onSuccess: (answer) => navigate(answer.editable ? `/cards/content/${answer.guid}` : '/cards/lists') });
  const edit = trpc.cards.edit.useMutation({ onSuccess: () => navigate('/cards/lists') });

  // Defaults: the first allowed mode and size; in edit mode, the card's own values.
  // The card's values fill the form once: a later answer of the same query (a background refetch
  // when the page mounts with a cached answer) must not overwrite what the user has typed since.
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (info.data) {
      if (filledFor.current === guid) return;
      filledFor.current = guid ?? null;
      setValues({ title: info.data.title, department: info.data.department, subject: info.data.subject, mode: info.data.mode, size: info.data.size });
      setShare(info.data.share === 1);
    } else if (params.data && !guid) {
      setValues((v) => ({ ...v, mode: v.mode || params.data.mode_data[0]?.value || '', size: v.size || params.data.size_data[0]?.value || '' }));
    }
  }, [info.data, params.data, guid]);

  const form = { ...values, template_id: templateId };
  const errors = tried ? fieldErrors(ZCardFormSchema, form) : {};
  const set = (name: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const submit = () => {
    setTried(true);
    if (hasErrors(fieldErrors(ZCardFormSchema, form))) return;
    const data = { title: values.title, department: values.department, subject: values.subject };
    if (guid) edit.mutate({ guid, data: canShare ? { ...data, share: share ? 1 : 0 } : data });
    else if (templateId) create.mutate({ data: { ...data, template_id: templateId } });
    else create.mutate({ data: { ...data, mode: values.mode, size: values.size } });
  };
  const busy = create.isPending || edit.isPending;

  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeader>
        <CardTitle className="text-xl">{t(guid ? 'cards.form.editTitle' : 'cards.form.createTitle')}</CardTitle>
        {template.data && <CardDescription data-testid="from-template">{t('cards.form.fromTemplate', { title: template.data.title })}</CardDescription>}
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-5" onSubmit={(e) => { e.preventDefault(); submit(); }}>
          <TextField id="card-title" label={t('cards.form.title')} value={values.title} onValue={set('title')} error={errors.title && t(errors.title)} />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="card-department" label={t('cards.form.department')} error={errors.department && t(errors.department)}>
              <SearchableSelect id="card-department" choices={params.data?.department_data} value={values.department} onChange={set('department')} invalid={Boolean(errors.department)} />
            </FormField>
            <FormField id="card-subject" label={t('cards.form.subject')} error={errors.subject && t(errors.subject)}>
              <SearchableSelect id="card-subject" choices={params.data?.subject_data} value={values.subject} onChange={set('subject')} invalid={Boolean(errors.subject)} />
            </FormField>
          </div>
          {!guid && !urlTemplate && (templates.data?.data.length ?? 0) > 0 && (
            <FormField id="card-template" label={t('cards.form.startFrom')}>
              <SearchableSelect
                id="card-template"
                choices={[{ value: BLANK, label: t('cards.form.blankCard') }, ...(templates.data?.data ?? []).map((tpl) => ({ value: tpl.guid, label: tpl.title, hint: tpl.author }))]}
                value={picked || BLANK}
                onChange={(v) => setPicked(v === BLANK ? '' : v)}
              />
            </FormField>
          )}
          {!templateId && params.data && (
            <>
              <RadioChoices id="card-mode" label={t('cards.form.mode')} choices={params.data.mode_data} value={values.mode} onChange={set('mode')} disabled={Boolean(guid && info.data?.mode)} error={errors.mode && t(errors.mode)} />
              <RadioChoices id="card-size" label={t('cards.form.size')} choices={params.data.size_data} value={values.size} onChange={set('size')} disabled={Boolean(guid && info.data?.size)} error={errors.size && t(errors.size)} />
            </>
          )}
          {guid && canShare && (
            <div className="flex items-center gap-2">
              <Checkbox id="card-share" data-testid="card-share" checked={share} onCheckedChange={(c) => setShare(c === true)} />
              <Label htmlFor="card-share" className="font-normal">{t('cards.form.share')}</Label>
            </div>
          )}
          <div className="flex gap-3">
            <Button type="submit" data-testid="card-submit" disabled={busy}>
              {busy && <LoaderCircleIcon className="animate-spin" />}
              {t('cards.form.save')}
            </Button>
            <Button asChild variant="outline">
              <Link to="/cards/lists">{t('cards.form.back')}</Link>
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
