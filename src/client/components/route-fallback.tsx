import { LoaderCircleIcon } from 'lucide-react';

/** Shown while a lazily loaded page arrives. */
export function RouteFallback() {
  return (
    <div className="flex min-h-40 flex-1 items-center justify-center text-muted-foreground" aria-busy="true">
      <LoaderCircleIcon className="size-6 animate-spin" />
    </div>
  );
}
