import { SchoolName } from './school-name';
import { LoaderCircleIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/locale-context';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../ui/card';
import { PermissionChecklist, type PermissionGroup } from './permission-checklist';

interface ChecklistCardProps {
  title: string;
  /** Names the school beside the title (default); off where the title names a person. */
  showSchool?: boolean;
  hint?: ReactNode;
  groups: PermissionGroup[] | undefined;
  /** The saved selection; the card edits a copy until save. */
  initial: string[] | undefined;
  saving: boolean;
  onSave: (selected: string[]) => void;
  onBack: () => void;
}

/** The school, default and teacher permission screens: one grouped checklist with save and back. */
export function ChecklistCard({ title, showSchool = true, hint, groups, initial, saving, onSave, onBack }: ChecklistCardProps) {
  const t = useT();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  useEffect(() => setSelected(new Set(initial ?? [])), [initial]);
  return (
    <Card className="mx-auto w-full max-w-3xl">
      <CardHeader>
        <CardTitle className="text-xl">{title}{showSchool && <SchoolName />}</CardTitle>
        {hint && <CardDescription>{hint}</CardDescription>}
      </CardHeader>
      <CardContent>{groups ? <PermissionChecklist groups={groups} selected={selected} onChange={setSelected} /> : t('common.loading')}</CardContent>
      <CardFooter className="justify-end gap-2">
        <Button variant="outline" onClick={onBack}>{t('common.back')}</Button>
        <Button data-testid="permission-save" disabled={saving || !groups} onClick={() => onSave([...selected])}>
          {saving && <LoaderCircleIcon className="animate-spin" />}
          {t('common.save')}
        </Button>
      </CardFooter>
    </Card>
  );
}
