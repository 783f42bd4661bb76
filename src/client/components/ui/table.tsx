import { ChevronRightIcon } from 'lucide-react';
import { useRef, type ComponentProps } from 'react';
import { cn } from './class-names';
import { useScrollEdges } from './use-scroll-edges';

const EDGE_SHADE = 'pointer-events-none absolute inset-y-0 w-6 from-foreground/15 to-transparent';

/**
 * Every table scrolls sideways inside its own box when it is wider than the screen (a phone),
 * and shows it: a visible scrollbar, a shade on each side that hides columns, and an arrow while
 * more lies to the right.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  const box = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(box);
  return (
    <div data-slot="table-frame" className="relative w-full">
      <div ref={box} data-slot="table-container" data-more-right={edges.right || undefined} className="acs-scroll-x w-full overflow-x-auto">
        <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
      </div>
      {edges.left && <div aria-hidden className={cn(EDGE_SHADE, 'left-0 bg-gradient-to-r')} />}
      {edges.right && (
        <div aria-hidden data-testid="table-more-right" className={cn(EDGE_SHADE, 'right-0 bg-gradient-to-l')}>
          <ChevronRightIcon className="absolute top-2.5 right-0 size-5 rounded-full bg-background/90 text-muted-foreground shadow" />
        </div>
      )}
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn('border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn('h-10 px-2 text-start align-middle font-medium whitespace-nowrap text-foreground', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td data-slot="table-cell" className={cn('p-2 align-middle whitespace-nowrap', className)} {...props} />;
}
