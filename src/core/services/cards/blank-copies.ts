import { departmentName, subjectName } from '../../../shared/card/catalogue';
import { composeBlankCopies } from '../../../pdf/compose-class-pdf';
import { loadPrintSource, printCardOf } from '../../../pdf/print-source';
import type { z } from 'zod';
import type { ZBlankCopiesInput } from '../../../shared/schemas/viewer';
import type { Locale } from '../../../shared/limits';
import { translate } from '../../../shared/i18n/translate';
import { versionsOf } from '../../../shared/print/exam-versions';
import { requirePermission, type Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { readableDocument } from './document-access';
import { pdfName } from './converted-pdf';

// 列印空白卷 (back-office.md §2 Preview: "print without student data"): N copies of the converted
// card, every page of it in each, as one file to print — no student overlay, no print log. The
// copies share the card's content streams, fonts and images (one copyPages call); each page's
// overlay holds only its page code and, on page 1, 科別/科目.

/** Blank copies of a readable, converted card or template, for whoever may print. */
export async function blankCopies(deps: Deps, actor: Actor, locale: Locale, input: z.infer<typeof ZBlankCopiesInput>) {
  requirePermission(actor, 'cards.print');
  const doc = await readableDocument(deps.db, actor, input.guid);
  const source = doc.status === 'converted' && doc.pdf_key && doc.geometry_key ? await loadPrintSource((key) => deps.storage.get(key), doc.pdf_key, doc.geometry_key) : null;
  if (!source) throw new AppError('CONFLICT', 'viewer.notConverted');
  // Each copy's pages carry the copy number in their page code (C1, C2 …), and 科別/科目 as the card says now.
  const info = { department: departmentName(doc.department ?? ''), subject: subjectName(doc.subject ?? '') };
  const body = await composeBlankCopies({ card: source.pdf, ...printCardOf(source.geometry, doc.id), info }, input.copies, input.versions > 1 ? versionsOf(input.versions) : []);
  const suffix = `-${translate(locale, 'viewer.blankSuffix', { copies: input.copies })}`;
  return { body: Buffer.from(body), contentType: 'application/pdf', filename: pdfName(doc, suffix) };
}
