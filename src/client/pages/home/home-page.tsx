import { BellIcon, Building2Icon, IdCardIcon, UserRoundIcon, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../i18n/locale-context';
import { dismissHint, getHint } from '../../session/session-store';
import { trpc } from '../../trpc/trpc';
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

/** /home: the system notice while it applies, and a welcome with who is signed in. */
export function HomePage() {
  const t = useT();
  const me = trpc.auth.me.useQuery();
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
    </div>
  );
}
