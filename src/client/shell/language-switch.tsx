import { LanguagesIcon } from 'lucide-react';
import { LOCALES, type Locale } from '../../shared/limits';
import { Button } from '../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from '../components/ui/dropdown-menu';
import { useLocale, useT } from '../i18n/locale-context';
import { useAppearance } from '../session/appearance';

function isLocale(value: string): value is Locale {
  return LOCALES.some((l) => l === value);
}

/** tw / en; kept in session storage and sent to the server as x-locale. */
export function LanguageSwitch() {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const { dir } = useAppearance();
  return (
    <DropdownMenu dir={dir}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('shell.language')} data-testid="language-switch">
          <LanguagesIcon />
          <span className="hidden sm:inline">{t(`locale.${locale}`)}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={locale} onValueChange={(v) => isLocale(v) && setLocale(v)}>
          {LOCALES.map((l) => (
            <DropdownMenuRadioItem key={l} value={l} data-testid={`language-${l}`}>
              {t(`locale.${l}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
