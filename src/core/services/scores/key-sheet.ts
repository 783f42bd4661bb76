import { departmentName, subjectName } from '../../../shared/card/catalogue';
import { composeKeySheet } from '../../../pdf/compose-class-pdf';
import { loadPrintSource, printCardOf } from '../../../pdf/print-source';
import { translate } from '../../../shared/i18n/translate';
import type { Locale } from '../../../shared/limits';
import { windowsSafe } from '../../../shared/print/print-file-name';
import type { ExamVersion } from '../../../shared/geometry/page-code';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { readableCard } from '../scan/scan-access';

// The answer-key sheet (答案卷, docs/scores.md "Key sheet"): a blank copy of the card, every page
// code ending in K and 答案卷 in the name cell. The teacher marks the key on it and scans it with
// (or before) the class's cards; the scan job stores its pages as `key` pages, and the key tab
// offers to use them.

/** `version`: the sheet of that version (A/B 卷): its page codes end in …/K/V<version>, 「B 卷」 at the top. */
export async function keySheet(deps: Deps, actor: Actor, locale: Locale, guid: string, version?: ExamVersion) {
  const doc = await readableCard(deps.db, actor, guid);
  const source = doc.status === 'converted' && doc.pdf_key && doc.geometry_key ? await loadPrintSource((key) => deps.storage.get(key), doc.pdf_key, doc.geometry_key) : null;
  if (!source) throw new AppError('CONFLICT', 'scores.notConverted');
  if (source.geometry.version !== 2) throw new AppError('CONFLICT', 'scores.keySheetNeedsMarks');
  const info = { department: departmentName(doc.department ?? ''), subject: subjectName(doc.subject ?? '') };
  const label = translate(locale, 'scores.fileKeySheet');
  const body = await composeKeySheet({ card: source.pdf, ...printCardOf(source.geometry, doc.id), info }, label, version);
  return { body: Buffer.from(body), contentType: 'application/pdf', filename: `${windowsSafe(doc.title)}_${windowsSafe(label)}${version ? `_${version}` : ''}.pdf` };
}
