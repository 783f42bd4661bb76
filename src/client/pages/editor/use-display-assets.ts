import { useEffect, useState } from 'react';
import { ASSET_PATH_PREFIX } from '../../../shared/card/constants';
import type { Asset } from '../../../shared/card/page-document';

// The canvas draws with the shared renderer, which accepts only inline data or stored paths. The
// canvas gets stored images (served to the signed-in school with its session cookie) as inline
// data; the page itself keeps the plain /assets/cards/ path.

const inline = new Map<string, Promise<string>>();

function dataUrlOf(src: string): Promise<string> {
  let url = inline.get(src);
  if (!url) {
    url = fetch(src)
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(res.statusText))))
      .then((blob) => new Promise<string>((resolve, reject) => Object.assign(new FileReader(), { onload: (e: ProgressEvent<FileReader>) => resolve(e.target?.result as string), onerror: reject }).readAsDataURL(blob)));
    url.catch(() => inline.delete(src));
    inline.set(src, url);
  }
  return url;
}

export function useDisplayAssets(assets: Asset[]): Asset[] {
  const [shown, setShown] = useState(assets);
  useEffect(() => {
    let live = true;
    setShown(assets);
    void Promise.all(assets.map(async (a) => (a.src.startsWith(ASSET_PATH_PREFIX) ? { ...a, src: await dataUrlOf(a.src).catch(() => a.src) } : a))).then((all) => live && setShown(all));
    return () => {
      live = false;
    };
  }, [assets]);
  return shown;
}
