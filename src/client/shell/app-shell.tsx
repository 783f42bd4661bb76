import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { APP_VERSION } from '../../shared/limits';
import { RouteFallback } from '../components/route-fallback';
import { TooltipProvider } from '../components/ui/tooltip';
import { useT } from '../i18n/locale-context';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useMenuMode } from './use-menu-mode';

/** Every signed-in screen: top bar, side menu, the page, and the footer with the version. */
export function AppShell() {
  const t = useT();
  const menu = useMenuMode();
  return (
    <TooltipProvider delayDuration={200}>
      <div className="flex min-h-svh flex-col bg-muted/30">
        <TopBar onMenuClick={menu.toggle} menuMode={menu.mode} />
        <div className="flex flex-1">
          <SideMenu mode={menu.mode} overlayOpen={menu.overlayOpen} onBackdrop={menu.toggle} />
          <div className="flex min-w-0 flex-1 flex-col">
            <main className="flex-1 p-4 sm:p-6">
              <Suspense fallback={<RouteFallback />}>
                <Outlet />
              </Suspense>
            </main>
            <footer className="flex items-center justify-between border-t px-6 py-3 text-xs text-muted-foreground">
              <span>{t('footer.rights')}</span>
              <span data-testid="app-version">{APP_VERSION}</span>
            </footer>
          </div>
        </div>
      </div>
    </TooltipProvider>
  );
}
