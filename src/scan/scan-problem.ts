import type { MessageKey } from '../shared/i18n/tw';
import { SCAN_MAX_PAGES } from '../shared/scan-limits';

/** What an uploaded scan file is, told from its first bytes (scan-file.ts `sniffScanKind`). */
export type ScanFileKind = 'pdf' | 'jpeg' | 'png' | 'tiff' | 'zip';

/** Why a scan file is refused (docs/scan-reading.md "Limits on input"). */
export type ScanProblem =
  | 'encrypted'
  | 'malformed'
  | 'pageTooLarge'
  | 'imageTooLarge'
  | 'truncated'
  | 'broken'
  | 'pageBroken'
  | 'tooComplex'
  | 'tooManyPages'
  | 'notAScan'
  | 'inflatesTooLarge'
  | 'zipBomb';

/**
 * A refused scan file: what is wrong, and where — `page` 1-based (of the upload, or of `file`, a
 * ZIP entry's name). `detail` is a library's own text, for logs only: never shown to a person.
 */
export class ScanFileProblem extends Error {
  readonly page?: number;
  readonly file?: string;
  readonly kind?: ScanFileKind;
  constructor(
    readonly problem: ScanProblem,
    detail: string,
    where: { page?: number; file?: string; kind?: ScanFileKind } = {},
  ) {
    super(detail);
    Object.assign(this, where);
  }

  /** The same problem placed in a ZIP entry (`file`), its page counted in that file. */
  inEntry(file: string): ScanFileProblem {
    return new ScanFileProblem(this.problem, this.message, { ...(this.page !== undefined ? { page: this.page } : {}), file, ...(this.kind ? { kind: this.kind } : {}) });
  }
}

const BROKEN_FILE: Record<ScanFileKind, MessageKey> = { pdf: 'file.broken.pdf', zip: 'file.broken.zip', jpeg: 'file.broken.image', png: 'file.broken.image', tiff: 'file.broken.image' };

/**
 * A refusal as a catalogue key and its parameters (AppError's model; a parameter that is a key is
 * translated where it is shown): 「第 3 頁：圖片不完整，無法讀取」, 「ZIP 內的「a.svg」：不是 PDF…」.
 */
export function scanRefusal(p: ScanFileProblem): { key: MessageKey; params: Record<string, string | number> } {
  const file = p.file?.slice(0, 120);
  if (!file && p.page === undefined) {
    if (p.problem === 'encrypted') return { key: 'scan.encrypted', params: {} };
    if (p.problem === 'zipBomb') return { key: 'scan.zipBomb', params: {} };
    if (p.problem === 'tooManyPages') return { key: 'scan.tooManyPages', params: { max: SCAN_MAX_PAGES } };
  }
  if (p.problem === 'zipBomb') return { key: 'scan.zipBomb', params: {} };
  const reason: MessageKey = p.problem === 'malformed' ? BROKEN_FILE[p.kind ?? 'pdf'] : (`scan.problem.${p.problem}` as MessageKey);
  if (file && p.page !== undefined) return { key: 'scan.refused.entryPage', params: { file, page: p.page, reason } };
  if (file) return { key: 'scan.refused.entry', params: { file, reason } };
  if (p.page !== undefined) return { key: 'scan.refused.page', params: { page: p.page, reason } };
  return { key: 'scan.refused.file', params: { reason } };
}

