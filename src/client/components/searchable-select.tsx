import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../i18n/locale-context';
import { cn } from './ui/class-names';
import { Popover, PopoverContent, PopoverTrigger } from './ui/popover';

export interface Choice {
  value: string;
  label: string;
  /** Shown muted at the end of the option, and searched too (a school's code). */
  hint?: string;
}

interface Props {
  id: string;
  /** undefined while loading. */
  choices: readonly Choice[] | undefined;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  disabled?: boolean;
  /** Translated texts; the defaults suit a generic "choose" field. */
  texts?: { placeholder?: string; search?: string; none?: string; loading?: string; list?: string };
  /** Test ids of the search box and the options; default `${id}-search`, `${id}-option-<value>`. */
  testIds?: { search: string; option: (value: string) => string };
}

/** A select whose options can be filtered by typing (by label or hint). */
export function SearchableSelect({ id, choices, value, onChange, invalid, disabled, texts = {}, testIds }: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const chosen = choices?.find((c) => c.value === value);
  const needle = query.trim().toLowerCase();
  const shown = (choices ?? []).filter((c) => !needle || c.label.toLowerCase().includes(needle) || (c.hint ?? c.value).toLowerCase().includes(needle));
  const searchLabel = texts.search ?? t('cards.form.search');
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        id={id}
        data-testid={id}
        role="combobox"
        disabled={disabled}
        aria-expanded={open}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className={cn(
          'flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 aria-invalid:border-destructive',
          !chosen && 'text-muted-foreground',
        )}
      >
        <span className="truncate">{chosen ? chosen.label : (texts.placeholder ?? t('cards.form.choose'))}</span>
        <ChevronsUpDownIcon className="size-4 opacity-50" />
      </PopoverTrigger>
      <PopoverContent align="start" className="w-(--radix-popover-trigger-width) p-0">
        <div className="flex items-center gap-2 border-b px-3">
          <SearchIcon className="size-4 opacity-50" />
          <input
            autoFocus
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={searchLabel}
            aria-label={searchLabel}
            data-testid={testIds?.search ?? `${id}-search`}
            className="h-10 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          />
        </div>
        <div role="listbox" aria-label={texts.list} className="max-h-64 overflow-y-auto p-1">
          {choices === undefined && <p className="p-3 text-sm text-muted-foreground">{texts.loading ?? '…'}</p>}
          {choices !== undefined && shown.length === 0 && <p className="p-3 text-sm text-muted-foreground">{texts.none ?? t('cards.form.none')}</p>}
          {shown.map((c) => (
            <button
              key={c.value}
              type="button"
              role="option"
              aria-selected={c.value === value}
              data-testid={testIds?.option(c.value) ?? `${id}-option-${c.value}`}
              onClick={() => {
                onChange(c.value);
                setOpen(false);
                setQuery('');
              }}
              className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-start text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
            >
              <CheckIcon className={cn('size-4 text-primary', c.value !== value && 'invisible')} />
              <span className="flex-1 truncate">{c.label}</span>
              {c.hint && <span className="text-xs text-muted-foreground">{c.hint}</span>}
            </button>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}
