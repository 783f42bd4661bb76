import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';

/** A small titled card of the scores screens: a statistics block, the histogram or an item chart. */
export function FigureCard({ title, testId, className, contentClassName, children }: { title: string; testId: string; className?: string; contentClassName?: string; children: ReactNode }) {
  return (
    <Card className={cn('gap-3 py-4', className)} data-testid={testId}>
      <CardHeader className="px-4">
        <CardTitle className="text-sm">{title}</CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
