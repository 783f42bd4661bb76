import { IMPORT_EXTENSIONS, IMPORT_MAX_BYTES } from '../../../shared/limits';
import type { MessageKey } from '../../../shared/i18n/tw';

/** The spec's client checks before any upload: a file is chosen, and it is at most 2,000,000 bytes. */
export function uploadProblem(file: File | undefined): MessageKey | null {
  if (!file) return 'import.noFile';
  if (file.size > IMPORT_MAX_BYTES) return 'import.tooLarge';
  if (!IMPORT_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext))) return 'import.badType';
  return null;
}

/** The file as base64, the form the tRPC import procedures take. */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // readAsDataURL's result is a string (an ArrayBuffer only from readAsArrayBuffer).
    reader.onload = () => resolve((reader.result as string).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** `r7.seat` → line 7, column `seat`: the server's per-row import report, sorted by line. */
export function rowProblems(fields: Record<string, string> | undefined): { key: string; line: number; column: string; message: string }[] {
  return Object.entries(fields ?? {})
    .map(([key, message]) => {
      const match = /^r(\d+)\.(\w+)$/.exec(key);
      return { key, line: match ? Number(match[1]) : 0, column: match ? match[2] : key, message };
    })
    .sort((a, b) => a.line - b.line);
}
