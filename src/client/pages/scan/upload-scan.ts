import { getLocale } from '../../session/session-store';

/**
 * Sends a scan file through the multipart door (`cards import scans`) with XMLHttpRequest, whose
 * upload events give the percentage fetch cannot. The fields go before the file: the server
 * streams a scan upload to disk only once it knows the call (src/server/http/upload-storage.ts).
 * `again`: the user confirmed sending a file sent before; `capture`: a phone's capture session
 * (docs/scan-batches.md "Capture with a phone").
 */
export function uploadScan(guid: string, file: File, onPercent: (percent: number) => void, options: { again?: boolean; capture?: string } = {}): Promise<{ batchId: number } | { error: string; same?: boolean; status: number }> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.set('method', 'import');
    form.set('action', 'scans');
    form.set('guid', guid);
    // The same file again: the user saw 「此檔案已上傳過」 and confirmed.
    if (options.again) form.set('again', '1');
    if (options.capture) form.set('capture', options.capture);
    form.set('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/cards');
    xhr.setRequestHeader('x-locale', getLocale());
    xhr.upload.onprogress = (event) => event.lengthComputable && onPercent(Math.round((100 * event.loaded) / event.total));
    xhr.onload = () => {
      const answer = (() => {
        try {
          return JSON.parse(xhr.responseText) as { message?: string; data?: { batch_id?: number } };
        } catch {
          return null;
        }
      })();
      if (xhr.status === 200 && answer?.data?.batch_id) resolve({ batchId: answer.data.batch_id });
      else resolve({ error: answer?.message ?? `HTTP ${xhr.status}`, same: xhr.status === 409, status: xhr.status });
    };
    // No answer at all (network down, connection cut): status 0, which the capture queue retries.
    xhr.onerror = () => resolve({ error: '', status: 0 });
    xhr.ontimeout = () => resolve({ error: '', status: 0 });
    xhr.send(form);
  });
}
