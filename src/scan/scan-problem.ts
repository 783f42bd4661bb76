import type { MessageKey } from '../shared/i18n/tw';
import type { KeyedMessage } from '../shared/keyed-message';
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
  | 'heic'
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

/** A ZIP that inflates past the bounds (a ZIP bomb), told apart from a broken one for the message. */
export class ZipTooLarge extends Error {}

const BROKEN_FILE: Record<ScanFileKind, MessageKey> = { pdf: 'file.broken.pdf', zip: 'file.broken.zip', jpeg: 'file.broken.image', png: 'file.broken.image', tiff: 'file.broken.image' };

/**
 * A refusal as a catalogue key and its parameters (AppError's model; a parameter that is a key is
 * translated where it is shown): 「第 3 頁：圖片不完整，無法讀取」, 「ZIP 內的「a.svg」：不是 PDF…」.
 */
function scanRefusal(p: ScanFileProblem): KeyedMessage {
  const file = p.file?.slice(0, 120);
  if (!file && p.page === undefined) {
    if (p.problem === 'encrypted') return { key: 'scan.encrypted', params: {} };
    if (p.problem === 'zipBomb') return { key: 'scan.zipBomb', params: {} };
    if (p.problem === 'tooManyPages') return { key: 'scan.tooManyPages', params: { max: SCAN_MAX_PAGES } };
    if (p.problem === 'heic') return { key: 'scan.problem.heic', params: {} };
  }
  if (p.problem === 'zipBomb') return { key: 'scan.zipBomb', params: {} };
  // A file broken as a whole (no page to name) is told by its kind: 「PDF 檔已損壞或不完整」.
  const whole = p.problem === 'malformed' || (p.problem === 'broken' && p.page === undefined && !file);
  const reason: MessageKey = whole ? BROKEN_FILE[p.kind ?? 'pdf'] : (`scan.problem.${p.problem}` as MessageKey);
  if (file && p.page !== undefined) return { key: 'scan.refused.entryPage', params: { file, page: p.page, reason } };
  if (file) return { key: 'scan.refused.entry', params: { file, reason } };
  if (p.page !== undefined) return { key: 'scan.refused.page', params: { page: p.page, reason } };
  return { key: 'scan.malformed', params: { reason } };
}

/**
 * The one classifier of a bad scan file, used by the upload door and the scan job alike (issue 28),
 * so a file is refused with the same key and parameters wherever it is caught: a ScanFileProblem,
 * a ZIP bomb; undefined for anything else (a fault, not the file's: retried by the job).
 */
export function scanFileRefusal(error: unknown): KeyedMessage | undefined {
  if (error instanceof ZipTooLarge) return { key: 'scan.zipBomb', params: {} };
  if (!(error instanceof ScanFileProblem)) return undefined;
  if (error.problem === 'notAScan' && !error.file) return { key: 'scan.badType', params: {} };
  return scanRefusal(error);
}

/** A file checked whole but with no page, or more than a batch may hold (SCAN_MAX_PAGES). */
export function pageCountRefusal(pages: number): KeyedMessage | undefined {
  if (pages === 0) return { key: 'scan.noPages', params: {} };
  if (pages > SCAN_MAX_PAGES) return { key: 'scan.tooManyPages', params: { max: SCAN_MAX_PAGES } };
  return undefined;
}
