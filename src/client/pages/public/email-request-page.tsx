import { InfoIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ZEmailFormSchema } from '../../../shared/schemas/auth';
import { TextField } from '../../components/form-field';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { fieldErrors, hasErrors } from '../../forms/field-errors';
import type { ClientKey } from '../../i18n/tw';
import { useT } from '../../i18n/locale-context';
import { PublicLayout } from './public-layout';

/**
 * The template's self-service pages (register, forgot and reset password). The product has no
 * mail or self-registration, so the form validates (spec §5) and then says so plainly, never
 * pretending to have sent anything.
 */
export function EmailRequestPage({ title, subtitle }: { title: ClientKey; subtitle: ClientKey }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const [checked, setChecked] = useState(false);
  const errors = tried ? fieldErrors(ZEmailFormSchema, { email }) : {};

  return (
    <PublicLayout title={t(title)} subtitle={t(subtitle)}>
      <div className="grid gap-5">
        <Alert variant="notice" data-testid="self-service-notice">
          <InfoIcon />
          <AlertTitle>{t('public.notOffered')}</AlertTitle>
          <AlertDescription className="text-accent-foreground">{t('public.contactAdmin')}</AlertDescription>
        </Alert>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            setChecked(!hasErrors(fieldErrors(ZEmailFormSchema, { email })));
          }}
        >
          <TextField
            id="public-email"
            label={t('public.email')}
            error={errors.email && t(errors.email)}
            type="email"
            autoComplete="email"
            value={email}
            onValue={(value) => {
              setEmail(value);
              setChecked(false);
            }}
          />
          {checked && (
            <p role="status" className="text-sm text-muted-foreground" data-testid="self-service-result">
              {t('public.checked')}
            </p>
          )}
          <Button type="submit" variant="outline">
            {t('public.check')}
          </Button>
        </form>
        <Button asChild variant="link">
          <Link to="/login">{t('public.backToLogin')}</Link>
        </Button>
      </div>
    </PublicLayout>
  );
}
