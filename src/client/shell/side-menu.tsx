import { Skeleton } from '../components/ui/skeleton';
import { cn } from '../components/ui/class-names';
import { useT } from '../i18n/locale-context';
import { trpc } from '../trpc/trpc';
import type { MenuView } from './menu-mode';
import { MenuRail } from './menu-rail';
import { MenuTree } from './menu-tree';

interface SideMenuProps extends MenuView {
  /** A click on the overlay's backdrop counts as a click on the menu icon. */
  onBackdrop: () => void;
}

/** The server-supplied side menu in its current display mode (spec §2 Shell). */
export function SideMenu({ mode, overlayOpen, onBackdrop }: SideMenuProps) {
  const t = useT();
  const menu = trpc.structure.menu.useQuery();
  if (mode === 'hidden' || (mode === 'mobile' && !overlayOpen)) return null;

  const entries = menu.data ?? [];
  const body = menu.isPending ? (
    <div className="grid gap-2 p-1" aria-label={t('shell.menuLoading')}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-8" />
      ))}
    </div>
  ) : mode === 'sub-hidden' ? (
    <MenuRail entries={entries} />
  ) : (
    <MenuTree entries={entries} />
  );

  const nav = (
    <nav
      aria-label={t('shell.navigation')}
      data-testid="side-menu"
      data-mode={mode}
      className={cn(
        'shrink-0 overflow-y-auto border-e bg-sidebar text-sidebar-foreground',
        mode === 'sub-hidden' ? 'w-16 px-2 py-4' : 'w-64 p-3',
        mode === 'mobile' ? 'fixed inset-y-0 start-0 z-40 pt-18 shadow-xl' : 'sticky top-14 h-[calc(100svh-3.5rem)]',
      )}
    >
      {body}
    </nav>
  );

  if (mode !== 'mobile') return nav;
  return (
    <>
      <div className="fixed inset-0 z-30 bg-black/40" aria-hidden="true" onClick={onBackdrop} />
      {nav}
    </>
  );
}
