import { CircleAlertIcon } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { FormField } from '../../components/form-field';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { useT } from '../../i18n/locale-context';
import { SchoolPicker, type School } from './school-picker';

/**
 * /login/<code> naming no school (a mistyped or old link): say so and offer the picker, whose
 * choice opens that school's sign-in page.
 */
export function UnknownSchool({ code, schools }: { code: string; schools: School[] }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="grid gap-4">
      <Alert variant="destructive" data-testid="login-unknown-school">
        <CircleAlertIcon />
        <AlertTitle>{t('login.unknownSchool', { code })}</AlertTitle>
        <AlertDescription>{t('login.unknownSchoolHint')}</AlertDescription>
      </Alert>
      <FormField id="login-school" label={t('login.school')}>
        <SchoolPicker id="login-school" schools={schools} value="" onChange={(picked) => void navigate(`/login/${encodeURIComponent(picked)}`, { replace: true })} invalid={false} />
      </FormField>
    </div>
  );
}
