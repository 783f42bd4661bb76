import { degrees, grayscale, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Locale } from '../../../shared/limits';
import { translate } from '../../../shared/i18n/translate';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { convertedPdf, pdfName } from './converted-pdf';
import { stampPages } from './pdf-stamp';

// 下載預覽 (back-office.md §2 Preview: "download preview, marked not for official use"): the
// converted card with 「預覽用 非正式使用」 across every page, so a preview copy handed out or
// printed by mistake is told apart from the official card at a glance and by a reader's operator.

const SIZE = 64;
/** Light grey, half transparent: the card stays readable beneath, the mark unmistakable. */
const INK = { color: grayscale(0.55), opacity: 0.35 };

/** The mark along the page's diagonal, centred on the page. */
export function drawWatermark(page: PDFPage, font: PDFFont, text: string): void {
  const { width, height } = page.getSize();
  const angle = Math.atan2(height, width);
  const textWidth = font.widthOfTextAtSize(text, SIZE);
  // The text's own centre (half its width along, a third of its size up) lands on the page centre.
  const [along, up] = [textWidth / 2, SIZE / 3];
  const x = width / 2 - along * Math.cos(angle) + up * Math.sin(angle);
  const y = height / 2 - along * Math.sin(angle) - up * Math.cos(angle);
  page.drawText(text, { x, y, size: SIZE, font, rotate: degrees((angle * 180) / Math.PI), ...INK });
}

/** The watermarked preview of a readable, converted card or template, as a file to save. */
export async function watermarkedPreview(deps: Deps, actor: Actor, locale: Locale, guid: string) {
  const { doc, pdf } = await convertedPdf(deps, actor, guid);
  const text = translate(locale, 'viewer.watermark');
  const body = await stampPages(pdf, (page, font) => drawWatermark(page, font, text));
  return { body: Buffer.from(body), contentType: 'application/pdf', filename: pdfName(doc, `-${translate(locale, 'viewer.previewSuffix')}`) };
}
