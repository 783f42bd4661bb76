import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { RadioChoices } from '../../components/radio-choices';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { showAlert } from '../../feedback/alert-store';
import { useT } from '../../i18n/locale-context';
import { useCan } from '../../session/use-can';
import { trpc } from '../../trpc/trpc';
import type { PrintOrder, VersionBy } from '../../../shared/schemas/print';
import { PrintProgressDialog } from './print-progress-dialog';
import { versionChoices } from './version-choices';

/**
 * /cards/print/:guid — print with student data (back-office.md "Print"): a grade, its classes
 * and the order, then a ticket whose progress the modal follows (docs/print-service.md).
 */
export function PrintPage() {
  const t = useT();
  const navigate = useNavigate();
  const { guid = '' } = useParams();
  const [grade, setGrade] = useState('');
  const [classes, setClasses] = useState<number[]>([]);
  const [order, setOrder] = useState<PrintOrder>('seat');
  const [combined, setCombined] = useState(false);
  const [versions, setVersions] = useState(1);
  const [versionBy, setVersionBy] = useState<VersionBy>('seat');
  // The same selection sent a few minutes ago: the server's question, asked before sending again.
  const [repeat, setRepeat] = useState<string | null>(null);
  const [ticketId, setTicketId] = useState<number | null>(null);
  const info = trpc.print.target.useQuery({ guid }, { enabled: guid !== '' });
  // A shared copy (a template of the school) came from the shares list; a card from the card list.
  const back = info.data?.kind === 'template' ? '/cards/shares' : '/cards/lists';
  const grades = trpc.students.gradeOptions.useQuery({});
  const classOptions = trpc.students.classOptions.useQuery({ grade: Number(grade) }, { enabled: grade !== '' });
  const create = trpc.print.create.useMutation({ meta: { silentSuccess: true }, onSuccess: (r) => setTicketId(r.ticketId) });
  const utils = trpc.useUtils();
  const canImport = useCan('students.manage');

  // A card not yet converted cannot be printed: the spec's alert, then back to the list.
  const status = info.data?.status;
  useEffect(() => {
    if (status && status !== 'converted') void showAlert(t('print.notConverted')).then(() => navigate(back));
  }, [status, navigate, t, back]);

  const submit = () => {
    if (grade === '' || classes.length === 0) return void showAlert(t('print.selectionIncomplete'));
    const request = { guid, grade: Number(grade), classes, order, combined, versions, version_by: versionBy };
    // A refused question (e.g. no students) is left to the print call, which says why.
    void utils.print.repeatOf.fetch(request, { staleTime: 0, meta: { inlineErrors: true } }).then((repeat) => (repeat ? setRepeat(repeat.message) : create.mutate(request)), () => create.mutate(request));
  };
  const allClasses = (classOptions.data ?? []).map((c) => c.class);
  const allChosen = allClasses.length > 0 && allClasses.every((c) => classes.includes(c));
  const toggle = (klass: number, on: boolean) => setClasses((list) => (on ? [...list, klass] : list.filter((c) => c !== klass)));

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-xl">
          {t('print.title')}
          {info.data && <span className="ms-3 text-base font-normal text-muted-foreground">{info.data.title}</span>}
        </CardTitle>
        <Button asChild variant="outline">
          <Link to={back}>{t('cards.form.back')}</Link>
        </Button>
      </CardHeader>
      <CardContent className="flex max-w-2xl flex-col gap-6">
        {grades.data?.length === 0 ? (
          <Alert data-testid="print-no-students">
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {t('print.noStudents')}
              {/* A teacher without roster rights is told whom to ask, not sent to a 403 (issue 14). */}
              {canImport ? (
                <Link className="text-primary underline-offset-4 hover:underline" to="/client/student/import">{t('print.goImport')}</Link>
              ) : (
                <span data-testid="print-ask-admin">{t('print.askAdminImport')}</span>
              )}
            </AlertDescription>
          </Alert>
        ) : (
          <>
            <RadioChoices
              id="print-grade"
              label={t('print.grade')}
              choices={(grades.data ?? []).map((g) => ({ value: String(g.grade), label: t('print.gradeLabel', { grade: g.grade }) }))}
              value={grade}
              onChange={(value) => {
                setGrade(value);
                setClasses([]);
              }}
            />
            <div className="flex flex-col gap-2">
              <Label>{t('print.classes')}</Label>
              {grade === '' ? (
                <p className="text-sm text-muted-foreground" data-testid="print-grade-first">{t('print.chooseGradeFirst')}</p>
              ) : (
                <div className="flex flex-wrap gap-5" data-testid="print-classes">
                  {allClasses.length > 0 && (
                    <div className="flex items-center gap-2 border-e pe-5">
                      <Checkbox id="print-class-all" data-testid="print-class-all" checked={allChosen} onCheckedChange={(on) => setClasses(on === true ? allClasses : [])} />
                      <Label htmlFor="print-class-all">{t('print.allClasses')}</Label>
                    </div>
                  )}
                  {(classOptions.data ?? []).map((c) => (
                    <div key={c.class} className="flex items-center gap-2">
                      <Checkbox id={`print-class-${c.class}`} data-testid={`print-class-${c.class}`} checked={classes.includes(c.class)} onCheckedChange={(on) => toggle(c.class, on === true)} />
                      <Label htmlFor={`print-class-${c.class}`} className="font-normal">{t('print.classLabel', { class: c.class })}</Label>
                    </div>
                  ))}
                </div>
              )}
            </div>
            <RadioChoices
              id="print-order"
              label={t('print.order')}
              choices={[{ value: 'seat', label: t('print.order.seat') }, { value: 'sort', label: t('print.order.sort') }]}
              value={order}
              onChange={(value) => setOrder(value === 'sort' ? 'sort' : 'seat')}
            />
            <RadioChoices
              id="print-files"
              label={t('print.files')}
              choices={[{ value: 'perClass', label: t('print.files.perClass') }, { value: 'combined', label: t('print.files.combined') }]}
              value={combined ? 'combined' : 'perClass'}
              onChange={(value) => setCombined(value === 'combined')}
            />
            <RadioChoices
              id="print-versions"
              label={t('print.versions')}
              choices={versionChoices(t)}
              value={String(versions)}
              onChange={(value) => setVersions(Number(value))}
            />
            {versions > 1 && (
              <RadioChoices
                id="print-version-by"
                label={t('print.versionBy')}
                choices={[{ value: 'seat', label: t('print.versionBy.seat') }, { value: 'roster', label: t('print.versionBy.roster') }]}
                value={versionBy}
                onChange={(value) => setVersionBy(value === 'roster' ? 'roster' : 'seat')}
              />
            )}
            <div>
              <Button data-testid="print-submit" onClick={submit} disabled={create.isPending || status !== 'converted'}>{t('print.submit')}</Button>
            </div>
          </>
        )}
      </CardContent>
      {ticketId !== null && <PrintProgressDialog ticketId={ticketId} onClose={() => setTicketId(null)} />}
      <ConfirmDialog
        open={repeat !== null}
        title={t('print.repeatTitle')}
        onClose={() => setRepeat(null)}
        onConfirm={() => {
          setRepeat(null);
          create.mutate({ guid, grade: Number(grade), classes, order, combined, versions, version_by: versionBy });
        }}
      >
        <p data-testid="print-repeat">{repeat}</p>
      </ConfirmDialog>
    </Card>
  );
}
