import { printBaseKey } from '../../../pdf/print-source';
import type { Db } from '../../../data/db/database';
import { markCarried } from '../../../data/repos/conversion-lock.repo';
import { findDocumentById } from '../../../data/repos/documents.repo';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { pagesDigest } from './save-pdf';

// A personal copy (加入個人收藏, 分享給使用者) of a converted template keeps its source's conversion
// when it is made of the very pages that conversion was made from, so it can be previewed at once
// instead of arriving 尚未轉存 (docs/cards.md, "Copies keep a current conversion"). Personal
// templates are never printed (print-tickets.ts), so the source's page codes never reach paper.

/** The source's conversion, if it is of the source's current pages: read in the copy's transaction, so the pages copied are those pages. */
export interface Carried {
  digest: string;
  pdfKey: string;
  geometryKey: string;
}

export async function currentConversion(trx: Db, sourceId: number): Promise<Carried | null> {
  const source = await findDocumentById(trx, sourceId);
  if (!source || source.status !== 'converted' || !source.pdf_key || !source.geometry_key || !source.pdf_job) return null;
  let digest: string;
  try {
    digest = await pagesDigest(trx, source);
  } catch (error) {
    if (error instanceof AppError) return null; // no pages to convert: nothing current to carry
    throw error;
  }
  // Converted from other pages (edited since, or an older job's files): not this content's PDF.
  if (source.pdf_job !== `${source.id}-${digest}`) return null;
  return { digest, pdfKey: source.pdf_key, geometryKey: source.geometry_key };
}

/**
 * Copies the conversion's files into the copy's own folder `pdf/<copy>/<digest>/` (so removing
 * either document, or pruning earlier conversions, never touches the other's) and marks the copy
 * converted. Its `pdf_job` names the source's digest: 轉存PDF of an unchanged copy whose pages
 * render the same (the same school) queues nothing; one whose header names another school
 * renders differently, so it converts. A file gone from storage leaves the copy a draft.
 */
export async function carryConversion(deps: Pick<Deps, 'db' | 'storage'>, copyId: number, carried: Carried): Promise<boolean> {
  const folder = `pdf/${copyId}/${carried.digest}`;
  const files = [
    { from: printBaseKey(carried.pdfKey), to: `${folder}/print-base.pdf`, type: 'application/pdf', optional: true },
    { from: carried.pdfKey, to: `${folder}/card.pdf`, type: 'application/pdf', optional: false },
    // Written last, as the converter does: a folder whose map exists is whole.
    { from: carried.geometryKey, to: `${folder}/geometry.json`, type: 'application/json', optional: false },
  ];
  const bodies = await Promise.all(files.map((f) => deps.storage.get(f.from)));
  if (files.some((f, i) => !f.optional && !bodies[i])) return false;
  for (const [i, f] of files.entries()) {
    const body = bodies[i];
    if (body) await deps.storage.put(f.to, body, f.type);
  }
  return markCarried(deps.db, copyId, { pdfKey: `${folder}/card.pdf`, geometryKey: `${folder}/geometry.json`, pdfJob: `${copyId}-${carried.digest}` });
}
