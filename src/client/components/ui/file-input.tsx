import { FileUpIcon } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useT } from '../../i18n/locale-context';
import { buttonVariants } from './button';
import { cn } from './class-names';

/**
 * A file picker that speaks the app's language: the browser's own control says "Choose File / No
 * file chosen" in the browser's language, whatever language the page is in. The real input stays
 * (visually hidden, still focusable and labelled by `id`); the button beside it is its label.
 */
export function FileInput({ id, className, onChange, ...props }: Omit<ComponentProps<'input'>, 'type'> & { id: string }) {
  const t = useT();
  const [name, setName] = useState('');
  return (
    <div className={cn('flex min-w-0 items-center gap-3 text-sm', className)}>
      <input
        id={id}
        type="file"
        className="peer sr-only"
        onChange={(e) => {
          setName(e.target.files?.[0]?.name ?? '');
          onChange?.(e);
        }}
        {...props}
      />
      <label htmlFor={id} className={cn(buttonVariants({ variant: 'outline' }), 'cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50')}>
        <FileUpIcon />
        {t('common.chooseFile')}
      </label>
      <span className={cn('min-w-0 truncate', !name && 'text-muted-foreground')} data-testid={`${id}-name`}>
        {name || t('common.noFileChosen')}
      </span>
    </div>
  );
}
