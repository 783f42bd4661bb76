import type { ReactNode } from 'react';
import { BrandWordmark } from '../../components/brand-mark';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useT } from '../../i18n/locale-context';
import { LanguageSwitch } from '../../shell/language-switch';
import { CardIllustration } from './card-illustration';

interface PublicLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
}

/** The frame of the signed-out pages: a brand panel beside a centred form card. */
export function PublicLayout({ title, subtitle, children }: PublicLayoutProps) {
  const t = useT();
  return (
    <div className="grid min-h-svh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-orange-500 via-orange-500 to-amber-400 p-10 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="flex items-center gap-2 text-lg font-semibold">
          {t('app.name')}
          <span className="font-normal opacity-80">· {t('app.nameLocal')}</span>
        </div>
        <CardIllustration />
        <p className="max-w-sm text-lg leading-relaxed font-medium opacity-95">{t('app.tagline')}</p>
      </aside>
      <main className="relative flex flex-col items-center justify-center gap-8 bg-muted/40 px-4 py-12">
        <div className="absolute end-4 top-4">
          <LanguageSwitch />
        </div>
        <BrandWordmark />
        <Card className="w-full max-w-md">
          <CardHeader>
            <CardTitle className="text-xl">{title}</CardTitle>
            <CardDescription>{subtitle}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
