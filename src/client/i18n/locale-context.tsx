import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from '../../shared/limits';
import { getLocale, setLocale as storeLocale } from '../session/session-store';
import { translateUi, type Params, type UiKey } from './client-translate';

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleState | null>(null);

const HTML_LANG: Record<Locale, string> = { tw: 'zh-Hant-TW', en: 'en' };

export function LocaleProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [locale, setLocaleState] = useState<Locale>(getLocale);

  useEffect(() => {
    document.documentElement.lang = HTML_LANG[locale];
  }, [locale]);

  const setLocale = useCallback(
    (next: Locale) => {
      storeLocale(next);
      setLocaleState(next);
      // The server translates menu names and messages per request (x-locale), so refetch.
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale needs a LocaleProvider above it');
  return state;
}

export type Translator = (key: UiKey, params?: Params) => string;

/** The translator for the current locale (client strings, then the shared catalogue). */
export function useT(): Translator {
  const { locale } = useLocale();
  return useCallback<Translator>((key, params) => translateUi(locale, key, params), [locale]);
}
