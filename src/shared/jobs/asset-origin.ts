/**
 * The one origin a render may fetch from. Card markup refers to stored files (images, fonts) as
 * `http://card-assets.invalid/<storage key>`; the sandbox route answers those from the storage
 * interface, so no asset ever crosses a real network. `.invalid` can never resolve (RFC 6761):
 * were the route ever bypassed, the request would still fail instead of reaching a host.
 */
export const ASSET_ORIGIN = 'http://card-assets.invalid';

export function assetUrl(key: string): string {
  return `${ASSET_ORIGIN}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** The storage key an asset URL names, or null for any other URL (other origin, query, fragment). */
export function assetKeyOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== ASSET_ORIGIN || parsed.search || parsed.hash || parsed.username) return null;
  const key = decodeURIComponent(parsed.pathname.slice(1));
  return key ? key : null;
}

// The content type comes from the key's extension: an asset is served only as one of the kinds a
// card may hold, never as HTML or script whatever its bytes are.
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
  css: 'text/css',
};

export function assetContentType(key: string): string | null {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? null;
}
