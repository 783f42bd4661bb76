import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGOUT_REDIRECT_MS } from '../../shared/limits';
import { loginPath, markSignedOut } from '../session/session-store';
import { trpc } from '../trpc/trpc';

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** Sign-out as the spec tells it: "signing out..." is shown, then the school's /login/<code> after 1 s. */
export function useSignOut(): { signingOut: boolean; signOut: () => Promise<void> } {
  const [signingOut, setSigningOut] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  // An already expired session cannot be ended twice: its 401 must not raise an alert here.
  const mutation = trpc.auth.signOut.useMutation({ meta: { inlineErrors: true } });

  const signOut = async () => {
    setSigningOut(true);
    const code = utils.auth.me.getData()?.school.code;
    // The server ends the session and clears its cookie, for every tab of this browser.
    await mutation.mutateAsync().catch(() => undefined);
    markSignedOut();
    await wait(LOGOUT_REDIRECT_MS);
    // Cleared only once the signed-in pages are gone, so none of them refetches without a session.
    await navigate(code ? `/login/${encodeURIComponent(code)}` : loginPath(), { replace: true });
    queryClient.clear();
  };
  return { signingOut, signOut };
}
