import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { NOTIFY_MS } from '../../../shared/limits';

/** Sonner themed from the shadcn variables; every toast lasts the spec's 3 s unless told. */
export function Toaster({ dark, dir }: { dark: boolean; dir: 'ltr' | 'rtl' }) {
  return (
    <Sonner
      theme={dark ? 'dark' : 'light'}
      dir={dir}
      richColors
      closeButton
      position="top-center"
      duration={NOTIFY_MS}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as CSSProperties
      }
    />
  );
}
