import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { useT } from '../../i18n/locale-context';

/**
 * Leaving with unsaved changes asks first, in the app's confirm dialog (page-editor.md §2), except
 * towards /page403 (a denied call must get there); closing or reloading the browser warns too.
 */
export function LeaveGuard({ dirty, title }: { dirty: boolean; /** The question asked; the editor's by default. */ title?: string }) {
  const t = useT();
  // The dialog closes itself after a confirm: that close must not take the navigation back.
  const leaving = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && nextLocation.pathname !== '/page403' && nextLocation.pathname !== currentLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={title ?? t('editor.leaveConfirm')}
      destructive
      onConfirm={() => {
        leaving.current = true;
        blocker.proceed?.();
      }}
      onClose={() => {
        if (!leaving.current) blocker.reset?.();
        leaving.current = false;
      }}
    />
  );
}

/** Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo; not while typing in a field. */
export function useUndoKeys(undo: () => void, redo: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target instanceof HTMLElement ? e.target : null;
      if (!(e.ctrlKey || e.metaKey) || el?.closest('input, textarea, [contenteditable="true"], [role="dialog"]')) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}
