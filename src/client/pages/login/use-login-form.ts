import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_ALERT_CLEAR_MS } from '../../../shared/limits';
import { ZSignInSchema, type TSignIn } from '../../../shared/schemas/auth';
import { fieldErrors, hasErrors, type FieldErrors } from '../../forms/field-errors';
import { markSignedIn } from '../../session/session-store';
import { trpc } from '../../trpc/trpc';

/** The sign-in form's state: values, the spec's field messages, and the timed red alert. */
export function useLoginForm(fixedCode: string | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TSignIn>({ code: fixedCode ?? '', account: '', password: '' });
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = trpc.auth.signIn.useMutation({ meta: { inlineErrors: true } });

  // The red alert clears itself after 3 s (spec §2 /login).
  useEffect(() => {
    if (failure === null) return;
    const timer = window.setTimeout(() => setFailure(null), LOGIN_ALERT_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [failure]);

  useEffect(() => {
    if (fixedCode !== undefined) setValues((v) => ({ ...v, code: fixedCode }));
  }, [fixedCode]);

  const errors: FieldErrors<TSignIn> = tried ? fieldErrors(ZSignInSchema, values) : {};

  const set = (field: keyof TSignIn) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = () => {
    setTried(true);
    if (hasErrors(fieldErrors(ZSignInSchema, values))) return;
    setFailure(null);
    signIn.mutate(values, {
      onSuccess: () => {
        // The server set the session cookie; this browser's tabs now know they are signed in.
        markSignedIn(values.code);
        // Nothing of a previous session may linger in the cache.
        queryClient.clear();
        void navigate('/home', { replace: true });
      },
      onError: (error) => setFailure(error.message),
    });
  };

  return { values, set, errors, failure, submitting: signIn.isPending, submit };
}
