import { PDFDocument } from 'pdf-lib';
import { embedCjkFont } from './cjk-font';
import type { TPrintCard, TPrintStudent } from './compose-class-pdf.types';
import { ZPrintCard } from './compose-class-pdf.types';
import { attachOverlay, OVERLAY_FONT_KEY } from './page-overlay';
import { studentOverlay } from './student-overlay';

const SAVE_OPTIONS = { useObjectStreams: true };

export type ComposeClassInput = TPrintCard & {
  /** The converted card; pass the loaded document when composing several classes of one job. */
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
  return [...new Set(printed.join('').normalize('NFC'))].sort().join('');
}

/** Parse the card PDF once per job, not once per class. */
export function loadCard(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { updateMetadata: false });
}

/**
 * One class's print file: for each student, a copy of every page of the card, page 1 overprinted
 * with that student's name, number, seat, filled grade/class/seat bubbles and barcode.
 *
 * Composing a class, not a grade, per file keeps memory flat in the number of students: a job
 * writes each class and lets it go. All copies come from one copyPages call, so the card's
 * content streams and its own fonts are stored once per file and referenced by every copy.
 */
export async function composeClassPdf(input: ComposeClassInput): Promise<Uint8Array> {
  const { header, cardId } = ZPrintCard.parse({ header: input.header, cardId: input.cardId });
  const card = input.card instanceof PDFDocument ? input.card : await loadCard(input.card);
  const pagesPerCopy = card.getPageCount();

  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await embedCjkFont(doc);
  // Takes the job's glyphs into the subset first, in the job's order; nothing is drawn.
  if (input.jobText) font.encodeText(input.jobText);
  const cardPages = Array.from({ length: pagesPerCopy }, (_, index) => index);
  const copies = await doc.copyPages(card, input.students.flatMap(() => cardPages));

  for (const [index, page] of copies.entries()) {
    doc.addPage(page);
    if (index % pagesPerCopy !== 0) continue;
    const target = { pageHeight: page.getHeight(), font, fontKey: OVERLAY_FONT_KEY };
    attachOverlay(page, font.ref, studentOverlay(target, header, cardId, input.students[index / pagesPerCopy]));
    await input.onStudent?.(index / pagesPerCopy + 1);
  }
  return doc.save(SAVE_OPTIONS);
}
