import { PDFDocument } from 'pdf-lib';
import type { z } from 'zod';
import type { ZBlankCopiesInput } from '../../../shared/schemas/viewer';
import type { Locale } from '../../../shared/limits';
import { translate } from '../../../shared/i18n/translate';
import { requirePermission, type Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { convertedPdf, pdfName } from './converted-pdf';

// 列印空白卷 (back-office.md §2 Preview: "print without student data"): N copies of the converted
// card, every page of it in each, as one file to print — no student overlay, no print log.

/**
 * All copies come from one copyPages call, so the card's content streams, fonts and images are
 * stored once and each copy is a page dictionary pointing at them: 200 copies of a two-page card
 * cost little more than the card. Nothing is drawn on a blank copy, so the copies may share the
 * card's Resources (the class print gives each copy its own only because it draws an overlay).
 */
export async function composeBlankCopies(card: Uint8Array, copies: number): Promise<Uint8Array> {
  const source = await PDFDocument.load(card, { updateMetadata: false });
  const doc = await PDFDocument.create({ updateMetadata: false });
  const pages = source.getPageIndices();
  const copied = await doc.copyPages(source, Array.from({ length: copies }, () => pages).flat());
  for (const page of copied) doc.addPage(page);
  return doc.save({ useObjectStreams: true });
}

/** Blank copies of a readable, converted card or template, for whoever may print. */
export async function blankCopies(deps: Deps, actor: Actor, locale: Locale, input: z.infer<typeof ZBlankCopiesInput>) {
  requirePermission(actor, 'cards.print');
  const { doc, pdf } = await convertedPdf(deps, actor, input.guid);
  const body = await composeBlankCopies(pdf, input.copies);
  const suffix = `-${translate(locale, 'viewer.blankSuffix', { copies: input.copies })}`;
  return { body: Buffer.from(body), contentType: 'application/pdf', filename: pdfName(doc, suffix) };
}
