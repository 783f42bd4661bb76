import { Link, useLocation } from 'react-router-dom';
import { cn } from '../components/ui/class-names';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../components/ui/dropdown-menu';
import { Tooltip, TooltipContent, TooltipTrigger } from '../components/ui/tooltip';
import { useAppearance } from '../session/appearance';
import { activeChildId, isEntryActive, type MenuEntry } from './menu-active';
import { MenuIcon } from './menu-icon';

const iconClass =
  'flex size-10 items-center justify-center rounded-md transition-colors hover:bg-accent hover:text-accent-foreground';

/** The sub-hidden mode: a rail of icons; children open in a flyout beside their parent. */
export function MenuRail({ entries }: { entries: MenuEntry[] }) {
  const { pathname } = useLocation();
  const { dir } = useAppearance();
  return (
    <ul className="grid justify-items-center gap-1">
      {entries.map((entry) => {
        const active = isEntryActive(entry, pathname);
        const lit = cn(iconClass, active && 'bg-primary text-primary-foreground hover:bg-primary/90');
        if (entry.children.length === 0) {
          return (
            <li key={entry.id}>
              <Tooltip>
                <TooltipTrigger asChild>
                  <Link to={entry.redirect} aria-label={entry.name} data-testid={`menu-item-${entry.id}`} className={lit}>
                    <MenuIcon name={entry.icon} className="size-5" />
                  </Link>
                </TooltipTrigger>
                <TooltipContent side={dir === 'rtl' ? 'left' : 'right'}>{entry.name}</TooltipContent>
              </Tooltip>
            </li>
          );
        }
        const current = activeChildId(entry, pathname);
        return (
          <li key={entry.id}>
            <DropdownMenu dir={dir}>
              <DropdownMenuTrigger aria-label={entry.name} data-testid={`menu-item-${entry.id}`} className={lit}>
                <MenuIcon name={entry.icon} className="size-5" />
              </DropdownMenuTrigger>
              <DropdownMenuContent side={dir === 'rtl' ? 'left' : 'right'} align="start" className="min-w-44">
                <DropdownMenuLabel>{entry.name}</DropdownMenuLabel>
                <DropdownMenuSeparator />
                {entry.children.map((child) => (
                  <DropdownMenuItem key={child.id} asChild className={cn(current === child.id && 'text-primary')}>
                    <Link to={child.redirect} data-testid={`menu-item-${child.id}`}>
                      {child.name}
                    </Link>
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          </li>
        );
      })}
    </ul>
  );
}
