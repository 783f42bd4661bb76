import { MoonIcon, PilcrowLeftIcon, PilcrowRightIcon, SunIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { useT } from '../i18n/locale-context';
import { useAppearance } from '../session/appearance';

function ToggleButton({ label, testId, onClick, children }: { label: string; testId: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} data-testid={testId} onClick={onClick}>
      {children}
    </Button>
  );
}

/** Light/dark (reloads after 500 ms, per the spec) and ltr/rtl, both kept in session storage. */
export function AppearanceSwitches() {
  const t = useT();
  const { theme, dir, changeTheme, changeDirection } = useAppearance();
  const dark = theme === 'dark.orange';
  return (
    <>
      <ToggleButton
        label={`${t('shell.theme')}: ${t(dark ? 'shell.themeDark' : 'shell.themeLight')}`}
        testId="theme-switch"
        onClick={() => changeTheme(dark ? 'light.orange' : 'dark.orange')}
      >
        {dark ? <MoonIcon /> : <SunIcon />}
      </ToggleButton>
      <ToggleButton
        label={`${t('shell.direction')}: ${t(dir === 'rtl' ? 'shell.rtl' : 'shell.ltr')}`}
        testId="direction-switch"
        onClick={() => changeDirection(dir === 'rtl' ? 'ltr' : 'rtl')}
      >
        {dir === 'rtl' ? <PilcrowLeftIcon /> : <PilcrowRightIcon />}
      </ToggleButton>
    </>
  );
}
