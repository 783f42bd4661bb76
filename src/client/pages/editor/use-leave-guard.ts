import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Leaving with unsaved changes asks first (page-editor.md §2), except towards /page403 (a denied
 * call must get there); closing or reloading the browser warns too.
 */
export function useLeaveGuard(dirty: boolean, message: string): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && nextLocation.pathname !== '/page403' && nextLocation.pathname !== currentLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
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
