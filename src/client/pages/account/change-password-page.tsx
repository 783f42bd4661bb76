import { CircleAlertIcon, KeyRoundIcon, LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { ZChangePasswordFormSchema } from '../../../shared/schemas/auth';
import { TextField } from '../../components/form-field';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { fieldErrors, hasErrors } from '../../forms/field-errors';
import type { ClientKey } from '../../i18n/tw';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

const EMPTY = { oldpassword: '', newpassword: '', confirm: '' };
type Field = keyof typeof EMPTY;

const FIELDS: { name: Field; label: ClientKey; autoComplete: string }[] = [
  { name: 'oldpassword', label: 'password.old', autoComplete: 'current-password' },
  { name: 'newpassword', label: 'password.new', autoComplete: 'new-password' },
  { name: 'confirm', label: 'password.confirm', autoComplete: 'new-password' },
];

/** /resetpwd: the spec's messages under each field; the server's refusal shown on the form. */
export function ChangePasswordPage() {
  const t = useT();
  const [values, setValues] = useState(EMPTY);
  const [tried, setTried] = useState(false);
  // The success toast (成功) comes from the central mutation handler.
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery();
  const change = trpc.auth.changePassword.useMutation({ meta: { inlineErrors: true }, onSuccess: () => void utils.auth.me.invalidate() });
  const errors = tried ? fieldErrors(ZChangePasswordFormSchema, values) : {};

  const submit = () => {
    setTried(true);
    if (hasErrors(fieldErrors(ZChangePasswordFormSchema, values))) return;
    change.mutate(
      { oldpassword: values.oldpassword, newpassword: values.newpassword },
      {
        onSuccess: () => {
          setValues(EMPTY);
          setTried(false);
        },
      },
    );
  };

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <KeyRoundIcon className="size-5 text-primary" />
          {t('password.title')}
        </CardTitle>
        <CardDescription>{t('password.subtitle')}</CardDescription>
        {me.data?.mustChangePassword && (
          <p role="alert" className="text-sm font-medium text-destructive" data-testid="password-must-change">
            {t('password.mustChange')}
          </p>
        )}
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-5"
          aria-label={t('password.title')}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {change.error && (
            <Alert variant="destructive" data-testid="password-error">
              <CircleAlertIcon />
              <AlertTitle>{t('password.failed')}</AlertTitle>
              <AlertDescription>{change.error.message}</AlertDescription>
            </Alert>
          )}
          {FIELDS.map(({ name, label, autoComplete }) => {
            const id = `password-${name}`;
            const error = errors[name];
            return (
              <TextField
                key={name}
                id={id}
                label={t(label)}
                error={error && t(error)}
                type="password"
                autoComplete={autoComplete}
                value={values[name]}
                onValue={(value) => setValues((v) => ({ ...v, [name]: value }))}
              />
            );
          })}
          <Button type="submit" data-testid="password-submit" disabled={change.isPending}>
            {change.isPending && <LoaderCircleIcon className="animate-spin" />}
            {t('password.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
