import { BellIcon, Building2Icon, IdCardIcon, UserRoundIcon, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../i18n/locale-context';
import { dismissHint, getHint } from '../../session/session-store';
import { trpc } from '../../trpc/trpc';
import { MenuIcon } from '../../shell/menu-icon';
import type { MenuEntry } from '../../shell/menu-active';
import { shouldShowNotice } from './notice-rule';

function Fact({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border bg-muted/30 p-3">
      <Icon className="size-5 text-primary" aria-hidden="true" />
      <div className="grid text-sm">
        <span className="text-muted-foreground">{label}</span>
        <span className="font-medium">{value}</span>
      </div>
    </div>
  );
}

/**
 * Where to go from here: the side menu's own pages (its one source, `structure.menu`), grouped
 * under their parent, so a new user's first screen is not a dead end.
 */
function Shortcuts({ entries }: { entries: MenuEntry[] }) {
  const t = useT();
  const groups = entries
    .map((entry) => ({ entry, links: entry.children.length > 0 ? entry.children : [entry] }))
    .filter(({ links }) => links.some((link) => link.redirect !== '/home'));
  if (groups.length === 0) return null;
  return (
    <Card data-testid="home-shortcuts">
      <CardHeader>
        <CardTitle>{t('home.shortcuts')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        {groups.map(({ entry, links }) => (
          <div key={entry.id} className="grid content-start gap-2">
            <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
              <MenuIcon name={entry.icon} className="size-4" />
              {entry.name}
            </div>
            <div className="flex flex-wrap gap-2">
              {links.map((link) => (
                <Button key={link.id} asChild variant="outline" size="sm">
                  <Link to={link.redirect} data-testid={`home-link-${link.id}`}>
                    {link.name}
                  </Link>
                </Button>
              ))}
            </div>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

/** /home: the system notice while it applies, a welcome with who is signed in, and where to go next. */
export function HomePage() {
  const t = useT();
  const me = trpc.auth.me.useQuery();
  const menu = trpc.structure.menu.useQuery();
  const [notice, setNotice] = useState(() => shouldShowNotice(new Date(), getHint()));

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      {notice && (
        <Alert variant="notice" data-testid="maintenance-notice">
          <BellIcon />
          <AlertTitle>{t('home.noticeTitle')}</AlertTitle>
          <AlertDescription className="text-accent-foreground">
            <p>{t('home.notice')}</p>
            <Button
              size="sm"
              variant="outline"
              className="mt-2"
              onClick={() => {
                dismissHint();
                setNotice(false);
              }}
            >
              {t('home.noticeDismiss')}
            </Button>
          </AlertDescription>
        </Alert>
      )}
      <Card data-testid="welcome-card">
        <CardHeader>
          {me.data ? (
            <CardTitle className="text-2xl">{t('home.welcome', { name: me.data.name })}</CardTitle>
          ) : (
            <Skeleton className="h-7 w-56" />
          )}
          <CardDescription>{t('home.welcomeText')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-3">
          {me.data ? (
            <>
              <Fact icon={Building2Icon} label={t('home.school')} value={me.data.school.name} />
              <Fact icon={IdCardIcon} label={t('home.role')} value={t(`role.${me.data.role}`)} />
              <Fact icon={UserRoundIcon} label={t('home.account')} value={me.data.account} />
            </>
          ) : (
            [0, 1, 2].map((i) => <Skeleton key={i} className="h-16" />)
          )}
        </CardContent>
      </Card>
      <Shortcuts entries={menu.data ?? []} />
    </div>
  );
}
