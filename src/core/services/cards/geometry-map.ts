import type { CardGeometry } from '../../../shared/geometry/card-geometry';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { DocumentKind } from '../../../data/db/tables/documents.table';
import { AppError } from '../../errors/app-error';
import { convertedGeometry } from './converted-pdf';
import { readableDocument } from './document-access';

// `get geometry` (LEGACY-API.md "Extensions for reading scans back") and viewer.geometry: the map
// of the current conversion, for integrators' own readers — version 2 with the registration marks
// and page code square, or version 1 for a card converted before them. Readable like `get perview`
// (own, shared, the school's); before a conversion, 404 with the viewer's "convert first".

/** `kind` undefined: either (the cards area answers cards, templates and shared copies). */
export async function geometryMap(deps: Deps, actor: Actor, kind: DocumentKind | undefined, guid: string): Promise<CardGeometry> {
  const doc = await readableDocument(deps.db, actor, guid, kind);
  if (doc.status !== 'converted') throw new AppError('NOT_FOUND', 'viewer.notConverted');
  try {
    return await convertedGeometry(deps, doc);
  } catch (error) {
    if (error instanceof AppError) throw new AppError('NOT_FOUND', 'viewer.notConverted');
    throw error;
  }
}
