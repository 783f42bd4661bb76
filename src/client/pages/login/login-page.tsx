import { CircleAlertIcon, LoaderCircleIcon } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { FormField, TextField } from '../../components/form-field';
import { Alert, AlertTitle, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { PublicLayout } from '../public/public-layout';
import { SchoolPicker } from './school-picker';
import { UnknownSchool } from './unknown-school';
import { useLoginForm } from './use-login-form';

/** /login/:code? — a school picker unless the path names the school. */
export function LoginPage() {
  const t = useT();
  const { code } = useParams();
  const schools = trpc.auth.schools.useQuery(undefined, { meta: { inlineErrors: true } });
  const form = useLoginForm(code);
  const fixedSchool = code ? schools.data?.find((s) => s.code === code) : undefined;
  const message = (field: 'code' | 'account' | 'password') => {
    const key = form.errors[field];
    return key ? t(key) : undefined;
  };

  // Not among the enabled schools: asked whether the code names a school at all (a disabled one
  // keeps its form, whose sign-in says it is disabled).
  const known = trpc.structure.schoolCodeKnown.useQuery({ code: code ?? '' }, { enabled: Boolean(code && schools.data && !fixedSchool), meta: { inlineErrors: true } });
  if (code && schools.data && known.data === false) {
    return (
      <PublicLayout title={t('login.title')} subtitle={t('login.subtitle')}>
        <UnknownSchool code={code} schools={schools.data} />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <form
        noValidate
        className="grid gap-5"
        aria-label={t('login.title')}
        onSubmit={(e) => {
          e.preventDefault();
          form.submit();
        }}
      >
        {form.failure && (
          <Alert variant="destructive" data-testid="login-error">
            <CircleAlertIcon />
            <AlertTitle>{t('login.failed')}</AlertTitle>
            <AlertDescription>{form.failure}</AlertDescription>
          </Alert>
        )}
        {code ? (
          <p className="rounded-md bg-accent px-3 py-2 text-sm" data-testid="login-school-fixed">
            <span className="text-muted-foreground">{t('login.schoolFixed')}</span>
            <span className="font-medium">{fixedSchool ? `${fixedSchool.name} (${code})` : code}</span>
          </p>
        ) : (
          <FormField id="login-school" label={t('login.school')} error={message('code') ?? schools.error?.message}>
            <SchoolPicker
              id="login-school"
              schools={schools.data}
              value={form.values.code}
              onChange={form.set('code')}
              invalid={Boolean(form.errors.code)}
            />
          </FormField>
        )}
        <TextField
          id="login-account"
          label={t('login.account')}
          error={message('account')}
          autoComplete="username"
          value={form.values.account}
          onValue={form.set('account')}
        />
        <TextField
          id="login-password"
          label={t('login.password')}
          error={message('password')}
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          onValue={form.set('password')}
        />
        <Button type="submit" size="lg" data-testid="login-submit" disabled={form.submitting}>
          {form.submitting && <LoaderCircleIcon className="animate-spin" />}
          {t(form.submitting ? 'login.submitting' : 'login.submit')}
        </Button>
        <div className="flex justify-between text-sm">
          <Link to="/forgot-password" className="text-primary hover:underline">
            {t('login.forgot')}
          </Link>
          <Link to="/register" className="text-muted-foreground hover:underline">
            {t('login.register')}
          </Link>
        </div>
      </form>
    </PublicLayout>
  );
}
