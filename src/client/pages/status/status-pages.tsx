import { FileQuestionIcon, ShieldAlertIcon, TriangleAlertIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BrandWordmark } from '../../components/brand-mark';
import { Button } from '../../components/ui/button';
import type { ClientKey } from '../../i18n/tw';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

interface StatusProps {
  code: string;
  icon: LucideIcon;
  title: ClientKey;
  text: ClientKey;
}

function StatusPage({ code, icon: Icon, title, text }: StatusProps) {
  const t = useT();
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-8 bg-muted/40 p-6 text-center">
      <BrandWordmark />
      <div className="grid max-w-md justify-items-center gap-4 rounded-xl border bg-card p-10 shadow-sm">
        <span className="flex size-14 items-center justify-center rounded-full bg-accent text-primary">
          <Icon className="size-7" />
        </span>
        <p className="text-5xl font-bold tracking-tight text-primary">{code}</p>
        <h1 className="text-xl font-semibold">{t(title)}</h1>
        <p className="text-muted-foreground">{t(text)}</p>
        <Button asChild size="lg" className="mt-2">
          <Link to="/home" data-testid="back-home">
            {t('status.backHome')}
          </Link>
        </Button>
      </div>
    </main>
  );
}

/** A school administrator is who teachers are told to ask, so it is sent to the system administrator. */
export function ForbiddenPage() {
  const me = trpc.auth.me.useQuery(undefined, { retry: false });
  const text = me.data?.role === 'school_admin' ? 'status.403.textAdmin' : 'status.403.text';
  return <StatusPage code="403" icon={ShieldAlertIcon} title="status.403.title" text={text} />;
}

export function NotFoundPage() {
  return <StatusPage code="404" icon={FileQuestionIcon} title="status.404.title" text="status.404.text" />;
}

export function ErrorPage() {
  return <StatusPage code="!" icon={TriangleAlertIcon} title="status.error.title" text="status.error.text" />;
}
