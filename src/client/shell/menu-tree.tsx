import { ChevronDownIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { cn } from '../components/ui/class-names';
import { activeChildId, isEntryActive, type MenuEntry } from './menu-active';
import { MenuIcon } from './menu-icon';

const rowClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground';

/** The full menu (default and mobile modes): parents fold open, the current page is lit. */
export function MenuTree({ entries }: { entries: MenuEntry[] }) {
  const { pathname } = useLocation();
  // Parents start open when they hold the current page; the user may fold any of them.
  const [toggled, setToggled] = useState<ReadonlySet<number>>(new Set());
  const flip = (id: number) =>
    setToggled((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <ul className="grid gap-1">
      {entries.map((entry) => {
        const active = isEntryActive(entry, pathname);
        if (entry.children.length === 0) {
          return (
            <li key={entry.id}>
              <Link
                to={entry.redirect}
                data-testid={`menu-item-${entry.id}`}
                aria-current={active ? 'page' : undefined}
                className={cn(rowClass, active && 'bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground')}
              >
                <MenuIcon name={entry.icon} className="size-4" />
                {entry.name}
              </Link>
            </li>
          );
        }
        const open = active !== toggled.has(entry.id);
        const lit = activeChildId(entry, pathname);
        return (
          <li key={entry.id}>
            <button
              type="button"
              data-testid={`menu-item-${entry.id}`}
              aria-expanded={open}
              onClick={() => flip(entry.id)}
              className={cn(rowClass, active && 'text-primary')}
            >
              <MenuIcon name={entry.icon} className="size-4" />
              <span className="flex-1 text-start">{entry.name}</span>
              <ChevronDownIcon className={cn('size-4 transition-transform', !open && '-rotate-90 rtl:rotate-90')} />
            </button>
            {open && (
              <ul className="ms-5 mt-1 grid gap-0.5 border-s ps-2">
                {entry.children.map((child) => (
                  <li key={child.id}>
                    <Link
                      to={child.redirect}
                      data-testid={`menu-item-${child.id}`}
                      aria-current={lit === child.id ? 'page' : undefined}
                      className={cn(
                        rowClass,
                        'py-1.5 font-normal',
                        lit === child.id && 'bg-accent font-medium text-primary',
                      )}
                    >
                      {child.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
