import { MenuIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BrandWordmark } from '../components/brand-mark';
import { Button } from '../components/ui/button';
import { useT } from '../i18n/locale-context';
import { AppearanceSwitches } from './appearance-switches';
import { LanguageSwitch } from './language-switch';
import { UserMenu } from './user-menu';

/** Logo link to /home, the menu icon, preference switches and the user menu. */
export function TopBar({ onMenuClick, menuMode }: { onMenuClick: () => void; menuMode: string }) {
  const t = useT();
  return (
    <header className="sticky top-0 z-50 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('shell.menu')}
        data-testid="menu-toggle"
        data-mode={menuMode}
        onClick={onMenuClick}
      >
        <MenuIcon />
      </Button>
      <Link to="/home" aria-label={t('shell.home')} data-testid="logo-home" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <BrandWordmark compact />
      </Link>
      <div className="ms-auto flex items-center gap-1">
        <LanguageSwitch />
        <AppearanceSwitches />
        <UserMenu />
      </div>
    </header>
  );
}
