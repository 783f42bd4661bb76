import { translateUi } from '../i18n/client-translate';
import { getLocale } from '../session/session-store';
import { showAlert } from './alert-store';

/**
 * File answers come through the legacy door (`POST /api/<area>`), which streams the file with its
 * own name; a refusal arrives as the JSON envelope and is shown as an alert (back-office.md §8).
 */
export async function downloadFile(area: string, body: Record<string, unknown>): Promise<boolean> {
  // The session cookie goes along by itself (same origin).
  const res = await fetch(`/api/${area}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-locale': getLocale() },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (!res || !res.ok || (res.headers.get('content-type') ?? '').includes('json') && !(res.headers.get('content-disposition') ?? '').includes('attachment')) {
    const answer = res ? ((await res.json().catch(() => null)) as { message?: string } | null) : null;
    await showAlert(answer?.message ?? translateUi(getLocale(), 'cards.download.failed'));
    return false;
  }
  const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  saveBlob(await res.blob(), name ? decodeURIComponent(name) : 'download');
  return true;
}

/** Hands a file made or fetched in the page to the browser's download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file a tRPC call answered as `{filename, base64}` (the viewer's downloads). */
export function saveBase64(file: { filename: string; base64: string }, type = 'application/pdf'): void {
  saveBlob(new Blob([base64Bytes(file.base64)], { type }), file.filename);
}

export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
