import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../components/ui/class-names';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { useT } from '../../i18n/locale-context';

export interface School {
  code: string;
  name: string;
}

interface SchoolPickerProps {
  id: string;
  schools: School[] | undefined;
  value: string;
  onChange: (code: string) => void;
  invalid: boolean;
}

/** A searchable school list (by name or code); a long list of schools is easier typed than scrolled. */
export function SchoolPicker({ id, schools, value, onChange, invalid }: SchoolPickerProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const chosen = schools?.find((s) => s.code === value);
  const needle = query.trim().toLowerCase();
  const shown = (schools ?? []).filter(
    (s) => !needle || s.name.toLowerCase().includes(needle) || s.code.toLowerCase().includes(needle),
  );

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        id={id}
        data-testid={id}
        role="combobox"
        aria-expanded={open}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className={cn(
          'flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive',
          !chosen && 'text-muted-foreground',
        )}
      >
        <span className="truncate">{chosen ? chosen.name : t('login.schoolPlaceholder')}</span>
        <ChevronsUpDownIcon className="size-4 opacity-50" />
      </PopoverTrigger>
      <PopoverContent align="start" className="w-(--radix-popover-trigger-width) p-0">
        <div className="flex items-center gap-2 border-b px-3">
          <SearchIcon className="size-4 opacity-50" />
          <input
            autoFocus
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('login.schoolSearch')}
            aria-label={t('login.schoolSearch')}
            data-testid="school-search"
            className="h-10 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          />
        </div>
        <div role="listbox" aria-label={t('login.school')} className="max-h-64 overflow-y-auto p-1">
          {schools === undefined && <p className="p-3 text-sm text-muted-foreground">{t('login.schoolLoading')}</p>}
          {schools !== undefined && shown.length === 0 && (
            <p className="p-3 text-sm text-muted-foreground">{t('login.schoolNone')}</p>
          )}
          {shown.map((school) => (
            <button
              key={school.code}
              type="button"
              role="option"
              aria-selected={school.code === value}
              data-testid={`school-option-${school.code}`}
              onClick={() => {
                onChange(school.code);
                setOpen(false);
                setQuery('');
              }}
              className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-start text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
            >
              <CheckIcon className={cn('size-4 text-primary', school.code !== value && 'invisible')} />
              <span className="flex-1 truncate">{school.name}</span>
              <span className="text-xs text-muted-foreground">{school.code}</span>
            </button>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}
