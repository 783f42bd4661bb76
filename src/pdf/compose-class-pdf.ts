import { PDFDocument } from 'pdf-lib';
import { formatPageCode, type ExamVersion } from '../shared/geometry/page-code';
import { embedCjkFont } from './cjk-font';
import type { TPrintCard, TPrintStudent } from './class-print-input';
import { ZPrintCard } from './class-print-input';
import { attachOverlay, OVERLAY_FONT_KEY } from './page-overlay';
import { pageOverlay, type PageOverlay } from './student-overlay';

const SAVE_OPTIONS = { useObjectStreams: true };
/** Every character a page code's small print may use, so each job's font subset holds them all. */
export const PAGE_CODE_CHARS = '/0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The version label's own characters (「A 卷」), in every job's subset too. */
export const VERSION_LABEL_CHARS = ' 卷';
/** What a sheet of version `v` prints large at its top: 「A 卷」. */
export const versionLabel = (version: ExamVersion) => `${version} 卷`;

export type ComposeClassInput = TPrintCard & {
  /** The converted card (its print base: marks, no page codes); pass the loaded document when composing several classes of one job. */
  card: PDFDocument | Uint8Array;
  /** In print order; each gets a copy of every page of the card. */
  students: readonly TPrintStudent[];
  /**
   * jobText(all students of the job), when the job writes several classes: each class file then
   * carries the same font subset, encoded once per job rather than once per class.
   */
  jobText?: string;
  /**
   * Told after each student's copy with the number done so far. Awaited, so a caller may write
   * progress now and then; the caller decides how often (a class of 40 takes a few ms).
   */
  onStudent?: (printed: number) => void | Promise<void>;
};

/** Every character any student of a job prints, once each, in a stable order. */
export function jobText(students: readonly TPrintStudent[]): string {
  const printed = students.map((student) => `${student.name}${student.number}${student.seat ?? ''}${student.grade ?? ''}${student.className ?? ''}`);
  return [...new Set(`${printed.join('')}${PAGE_CODE_CHARS}${VERSION_LABEL_CHARS}`.normalize('NFC'))].sort().join('');
}

/** Parse the card PDF once per job, not once per class. */
export function loadCard(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { updateMetadata: false });
}

type Copy = { student?: TPrintStudent; copy?: number; key?: boolean; version?: ExamVersion };

/**
 * Copies of every page of the card, one set per entry of `copies`, each page overprinted: page 1
 * with the student's data (when there is one) and the card's 科別/科目, every page with its page
 * code (when the card has scan marks). All copies come from one copyPages call, so the card's
 * content streams and its own fonts are stored once per file and referenced by every copy.
 */
async function composeCopies(input: TPrintCard & { card: PDFDocument | Uint8Array; jobText?: string; onCopy?: (done: number) => void | Promise<void> }, copies: readonly Copy[]): Promise<Uint8Array> {
  const { header, code, info } = ZPrintCard.parse({ header: input.header, code: input.code, info: input.info });
  const card = input.card instanceof PDFDocument ? input.card : await loadCard(input.card);
  const pagesPerCopy = card.getPageCount();
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await embedCjkFont(doc);
  // Takes the job's glyphs into the subset first, in the job's order; nothing is drawn.
  if (input.jobText) font.encodeText(input.jobText);
  const cardPages = Array.from({ length: pagesPerCopy }, (_, index) => index);
  const pages = await doc.copyPages(card, copies.flatMap(() => cardPages));
  for (const [index, page] of pages.entries()) {
    doc.addPage(page);
    const { student, copy, key } = copies[Math.floor(index / pagesPerCopy)];
    const version = copies[Math.floor(index / pagesPerCopy)].version ?? student?.version;
    const pageNo = (index % pagesPerCopy) + 1;
    const overlay: PageOverlay = pageNo === 1 ? { header, student, info } : {};
    // A version prints on every page (pages of one copy may be handed out apart) and in its code.
    if (version) overlay.versionLabel = versionLabel(version);
    if (code) overlay.pageCode = formatPageCode({ ...code, page: pageNo, student: student?.id, copy, key, version });
    const target = { pageHeight: page.getHeight(), pageWidth: page.getWidth(), font, fontKey: OVERLAY_FONT_KEY };
    // A copy with nothing to draw keeps the card's page as is (no stream, no resources of its own).
    if (overlay.pageCode || overlay.student || overlay.info || overlay.versionLabel) attachOverlay(page, font.ref, pageOverlay(target, overlay));
    if (pageNo === pagesPerCopy) await input.onCopy?.(Math.floor(index / pagesPerCopy) + 1);
  }
  return doc.save(SAVE_OPTIONS);
}

/**
 * One class's print file: for each student, a copy of every page of the card, page 1 overprinted
 * with that student's name, number, seat, filled grade/class/seat bubbles and barcode, every page
 * with a page code naming card, page and student.
 *
 * Composing a class, not a grade, per file keeps memory flat in the number of students: a job
 * writes each class and lets it go.
 */
export function composeClassPdf(input: ComposeClassInput): Promise<Uint8Array> {
  return composeCopies({ ...input, onCopy: input.onStudent }, input.students.map((student) => ({ student })));
}

/**
 * 列印空白卷: `copies` copies without student data, each page's code carrying the copy number;
 * in versions, copy 1 is the first version, copy 2 the second, … in turn (A, B, A, B …), so a
 * stack handed along a row alternates.
 */
export function composeBlankCopies(input: TPrintCard & { card: PDFDocument | Uint8Array }, copies: number, versions: readonly ExamVersion[] = []): Promise<Uint8Array> {
  return composeCopies(input, Array.from({ length: copies }, (_, index) => ({ copy: index + 1, version: versions.length > 0 ? versions[index % versions.length] : undefined })));
}

/**
 * An answer-key sheet (答案卷, docs/scores.md): one blank copy whose page codes end in K, so the
 * scan pipeline stores its pages as the key, never as a student's; `label` goes in the name cell.
 */
export function composeKeySheet(input: TPrintCard & { card: PDFDocument | Uint8Array }, label: string, version?: ExamVersion): Promise<Uint8Array> {
  return composeCopies(input, [{ student: { name: label, number: '' }, key: true, version }]);
}
