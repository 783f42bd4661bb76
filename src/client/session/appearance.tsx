import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { THEME_RELOAD_MS } from '../../shared/limits';
import { getDirection, getTheme, setDirection, setTheme, type Direction, type Theme } from './session-store';

interface Appearance {
  theme: Theme;
  dir: Direction;
  changeTheme: (theme: Theme) => void;
  changeDirection: (dir: Direction) => void;
}

const AppearanceContext = createContext<Appearance | null>(null);

/** Puts the stored theme and direction on <html>; called before the first render (no flash). */
export function applyAppearance(theme: Theme = getTheme(), dir: Direction = getDirection()): void {
  const html = document.documentElement;
  html.dataset.theme = theme;
  html.classList.toggle('dark', theme.startsWith('dark'));
  html.dir = dir;
}

export function AppearanceProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(getTheme);
  const [dir, setDirState] = useState<Direction>(getDirection);

  const value = useMemo<Appearance>(
    () => ({
      theme,
      dir,
      changeTheme(next) {
        setTheme(next);
        setThemeState(next);
        applyAppearance(next, dir);
        // The spec reloads after a theme change, so every screen restarts in the new palette.
        window.setTimeout(() => window.location.reload(), THEME_RELOAD_MS);
      },
      changeDirection(next) {
        setDirection(next);
        setDirState(next);
        applyAppearance(theme, next);
      },
    }),
    [theme, dir],
  );
  return <AppearanceContext.Provider value={value}>{children}</AppearanceContext.Provider>;
}

export function useAppearance(): Appearance {
  const value = useContext(AppearanceContext);
  if (!value) throw new Error('useAppearance needs an AppearanceProvider above it');
  return value;
}
