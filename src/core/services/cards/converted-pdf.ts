import type { CardGeometry } from '../../../shared/geometry/card-geometry';
import { loadCardMap } from '../../../shared/geometry/card-map';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { DocumentKind, DocumentRow } from '../../../data/db/tables/documents.table';
import { AppError } from '../../errors/app-error';
import { readableDocument } from './document-access';

// The files a conversion recorded, for the viewer's downloads. Unlike `get perview`, which answers
// an empty body before a conversion (the legacy contract), these refuse with the spec's message.

export interface ConvertedPdf {
  doc: DocumentRow;
  pdf: Buffer;
}

/** The readable document's converted PDF, or 409 「試卷尚未進行轉存，請先於試卷列表進行轉存」. */
export async function convertedPdf(deps: Deps, actor: Actor, guid: string, kind?: DocumentKind): Promise<ConvertedPdf> {
  const doc = await readableDocument(deps.db, actor, guid, kind);
  const pdf = doc.status === 'converted' && doc.pdf_key ? await deps.storage.get(doc.pdf_key) : null;
  if (!pdf) throw new AppError('CONFLICT', 'viewer.notConverted');
  return { doc, pdf };
}

/** The geometry map stored with that PDF (written together with it, docs/omr-geometry.md). */
export async function convertedGeometry(deps: Deps, doc: DocumentRow): Promise<CardGeometry> {
  const map = await loadCardMap((key) => deps.storage.get(key), doc.geometry_key);
  if (!map) throw new AppError('CONFLICT', 'viewer.notConverted');
  return map;
}

/** `<title><suffix>.pdf`, the name a download is saved under. */
export const pdfName = (doc: DocumentRow, suffix = '') => `${doc.title}${suffix}.pdf`;
