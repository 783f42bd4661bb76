import { useT } from '../i18n/locale-context';
import { cn } from './ui/class-names';

/** The product's mark: an answer card with filled bubbles, in the orange accent. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <rect x="8" y="6" width="16" height="20" rx="2" fill="#fff" />
      <circle cx="12.5" cy="12" r="1.8" className="fill-primary" />
      <circle cx="19.5" cy="12" r="1.8" fill="#fed7aa" />
      <circle cx="12.5" cy="18" r="1.8" fill="#fed7aa" />
      <circle cx="19.5" cy="18" r="1.8" className="fill-primary" />
    </svg>
  );
}

/** Mark plus both names; `compact` keeps one line for the top bar. */
export function BrandWordmark({ compact = false }: { compact?: boolean }) {
  const t = useT();
  return (
    <span className="flex items-center gap-2.5">
      <BrandMark className={compact ? 'size-7' : 'size-10'} />
      {/* On a phone the top bar keeps only the mark: the names would crowd out the controls. */}
      <span className={cn('flex-col leading-tight', compact ? 'hidden sm:flex' : 'flex')}>
        <span className={cn('font-semibold tracking-tight', compact ? 'text-sm' : 'text-lg')}>{t('app.name')}</span>
        <span className={cn('text-muted-foreground', compact ? 'text-xs' : 'text-sm')}>{t('app.nameLocal')}</span>
      </span>
    </span>
  );
}
