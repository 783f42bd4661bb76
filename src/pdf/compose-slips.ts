import { PDFDocument } from 'pdf-lib';
import { embedCjkFont } from './cjk-font';
import { markScanPage } from './slip-marks';
import { placeScan, SLIP_PAGE } from './slip-placement';
import { drawSummary } from './slip-summary';
import type { SlipCard, SlipOptions, SlipStudent, SlipText } from './slip-types';

/**
 * Slips (成績單 / 答案卡回饋, docs/grading.md "Slips"): for each student, in the order given, the
 * one-page summary and then every scanned page with its marks — one PDF for a class, or for one
 * student when given one. The scans go in as they are (JPEG, no re-encoding) and the student's
 * names in the print composer's CJK font subset, so poppler reads them with no fonts installed.
 */
export async function composeSlips(input: { card: SlipCard; students: readonly SlipStudent[]; options: SlipOptions; t: SlipText }): Promise<Uint8Array> {
  const { card, options, t } = input;
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await embedCjkFont(doc);
  for (const student of input.students) {
    if (options.summary) drawSummary(doc, font, card, student, t);
    if (!options.scans) continue;
    for (const scan of [...student.pages].sort((a, b) => a.page - b.page)) {
      const image = await doc.embedJpg(scan.jpeg);
      const page = doc.addPage([SLIP_PAGE.w, SLIP_PAGE.h]);
      const at = placeScan(image.width, image.height, scan.toImage);
      page.drawImage(image, { x: at.x, y: at.y, width: at.width, height: at.height });
      markScanPage(page, font, at, card, student, scan.page, t);
    }
  }
  return doc.save({ useObjectStreams: true });
}
