import { useEffect, useState } from 'react';
import { ASSET_PATH_PREFIX } from '../../../../shared/card/constants';
import { getToken } from '../../../session/session-store';

// Stored card images (/assets/cards/<school>/<file>) are served only with the session token in the
// Authorization header, which an <img src> cannot send. The canvas shows them through object URLs
// fetched here instead; the page keeps the plain path, which the PDF worker serves itself.

const loaded = new Map<string, Promise<string>>();

function objectUrlOf(src: string): Promise<string> {
  let url = loaded.get(src);
  if (!url) {
    const token = getToken();
    url = fetch(src, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(res.statusText))))
      .then((blob) => URL.createObjectURL(blob));
    // A failed load is forgotten, so the next render tries again (e.g. after signing in anew).
    url.catch(() => loaded.delete(src));
    loaded.set(src, url);
  }
  return url;
}

/** What to put in an <img src>: inline data as it is, a stored asset as a loaded object URL (undefined while loading). */
export function useAssetSrc(src: string): string | undefined {
  const stored = src.startsWith(ASSET_PATH_PREFIX);
  const [url, setUrl] = useState<string | undefined>(stored ? undefined : src);
  useEffect(() => {
    if (!stored) return setUrl(src);
    let live = true;
    setUrl(undefined);
    objectUrlOf(src).then(
      (u) => live && setUrl(u),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [src, stored]);
  return url;
}
