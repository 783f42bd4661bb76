import { ChevronDownIcon, KeyRoundIcon, LaptopMinimalIcon, LoaderCircleIcon, LogOutIcon, UserRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { Button } from '../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import { useT } from '../i18n/locale-context';
import { useAppearance } from '../session/appearance';
import { trpc } from '../trpc/trpc';
import { SessionsDialog } from './sessions-dialog';
import { useSignOut } from './use-sign-out';

/**
 * The user-name dropdown of the top bar: change password, signed-in devices and sign out. The sign-out overlay is
 * portalled: the bar's backdrop blur would otherwise confine a fixed overlay to the bar.
 */
export function UserMenu() {
  const t = useT();
  const { dir } = useAppearance();
  const me = trpc.auth.me.useQuery();
  const { signingOut, signOut } = useSignOut();
  const [sessionsOpen, setSessionsOpen] = useState(false);

  return (
    <>
      <DropdownMenu dir={dir}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" aria-label={t('shell.userMenu')} data-testid="user-menu">
            <UserRoundIcon />
            <span className="max-w-32 truncate" data-testid="user-name">
              {me.data?.name ?? '…'}
            </span>
            <ChevronDownIcon className="opacity-60" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-48">
          {me.data && (
            <DropdownMenuLabel className="grid gap-0.5">
              <span>{me.data.name}</span>
              <span className="text-xs font-normal text-muted-foreground">{me.data.school.name}</span>
            </DropdownMenuLabel>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to="/resetpwd" data-testid="change-password">
              <KeyRoundIcon />
              {t('shell.changePassword')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem data-testid="sessions" onSelect={() => setSessionsOpen(true)}>
            <LaptopMinimalIcon />
            {t('sessions.menu')}
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" data-testid="sign-out" onSelect={() => void signOut()}>
            <LogOutIcon />
            {t('shell.signOut')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <SessionsDialog open={sessionsOpen} onClose={() => setSessionsOpen(false)} />
      {signingOut &&
        createPortal(
          <div
            role="status"
            data-testid="signing-out"
            className="fixed inset-0 z-[60] flex items-center justify-center gap-3 bg-background/80 text-lg font-medium backdrop-blur-sm"
          >
            <LoaderCircleIcon className="size-6 animate-spin text-primary" />
            {t('shell.signingOut')}
          </div>,
          document.body,
        )}
    </>
  );
}
