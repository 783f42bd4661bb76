import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { afterNavigate, clickMenu, INITIAL_MENU, menuView, type MenuView } from './menu-mode';

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const windowWidth = (): number => window.innerWidth;

/** The side menu's mode for the current window width, and the menu icon's click. */
export function useMenuMode(): MenuView & { toggle: () => void } {
  const width = useSyncExternalStore(subscribeResize, windowWidth);
  const [state, setState] = useState(INITIAL_MENU);
  // The key changes on every navigation, even a click on the page already shown.
  const { key } = useLocation();

  useEffect(() => {
    setState((s) => afterNavigate(s, window.innerWidth));
  }, [key]);

  const toggle = useCallback(() => setState((s) => clickMenu(s, window.innerWidth)), []);
  return { ...menuView(state, width), toggle };
}
