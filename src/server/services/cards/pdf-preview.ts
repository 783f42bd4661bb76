import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { DocumentKind } from '../../db/tables/documents.table';
import { readableDocument } from './document-access';

// `get perview`: the converted PDF of a card or template. Not converted (draft, converting,
// failed, or its file gone) answers an empty body, which the client reads as "convert first"
// (LEGACY-API.md).

/** `kind` undefined: either (the cards area previews cards, templates and shared copies). */
export async function getPreview(deps: Deps, actor: Actor, kind: DocumentKind | undefined, guid: string) {
  const doc = await readableDocument(deps.db, actor, guid, kind);
  const stored = doc.status === 'converted' && doc.pdf_key ? await deps.storage.get(doc.pdf_key) : null;
  return { body: stored ?? Buffer.alloc(0), contentType: 'application/pdf', filename: `${doc.title}.pdf` };
}
