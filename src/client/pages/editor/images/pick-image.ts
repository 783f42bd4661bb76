import { IMAGE_ACCEPT, imageLimitProblem } from '../../../../shared/card/image-limits';
import type { Asset } from '../../../../shared/card/page-document';
import type { TUploadImage } from '../../../../shared/schemas/card-image';
import { showAlert } from '../../../feedback/alert-store';
import { notifyError } from '../../../feedback/notify';
import { translateUi } from '../../../i18n/client-translate';
import { getLocale } from '../../../session/session-store';
import { readAsBase64 } from '../../imports/read-upload';

/** Opens the browser's file chooser; null when the author cancels. */
function chooseFile(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = Object.assign(document.createElement('input'), { type: 'file', accept: IMAGE_ACCEPT.join(',') });
    input.addEventListener('change', () => resolve(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => resolve(null), { once: true });
    input.click();
  });
}

/** The picture's pixel size as the browser decodes it; null for a file it cannot decode. */
async function pixelSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** POST cardImages.upload as a single tRPC call, so this works outside React (the editor's toolbar actions). */
async function upload(input: TUploadImage): Promise<Asset> {
  const res = await fetch('/trpc/cardImages.upload', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-locale': getLocale() },
    body: JSON.stringify(input),
  });
  const answer = (await res.json().catch(() => ({}))) as { result?: { data: Asset }; error?: { message: string } };
  if (!res.ok || !answer.result) throw new Error(answer.error?.message ?? res.statusText);
  return answer.result.data;
}

/**
 * The editor's "replace image" (page-editor.md §5): choose a file, check ≤ 1 MB and ≤ 1200 × 1200
 * px in the browser (else the spec's alert), upload it for the card or template being edited and
 * answer the stored page asset. Server refusals show the 上傳錯誤 notification with its text.
 */
export async function pickImage(guid: string, kind: 'card' | 'template'): Promise<Asset | null> {
  const file = await chooseFile();
  if (!file) return null;
  const size = await pixelSize(file);
  const problem = size ? imageLimitProblem({ bytes: file.size, ...size }) : 'editor.image.notImage';
  if (problem) {
    await showAlert(translateUi(getLocale(), problem));
    return null;
  }
  try {
    return await upload({ kind, guid, filename: file.name, content: await readAsBase64(file) });
  } catch (error) {
    notifyError(error instanceof Error ? error.message : String(error), 'feedback.uploadError');
    return null;
  }
}
