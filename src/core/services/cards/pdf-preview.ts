import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { DocumentKind } from '../../../data/db/tables/documents.table';
import { readableDocument } from './document-access';
import { pdfFailureMessage } from '../../../shared/card/pdf-failure';
import { translate } from '../../../shared/i18n/translate';
import type { Locale } from '../../../shared/limits';

// `get perview`: the converted PDF of a card or template. Not converted (draft, converting,
// failed, or its file gone) answers an empty body, which the client reads as "convert first"
// (LEGACY-API.md).

/** `kind` undefined: either (the cards area previews cards, templates and shared copies). */
export async function getPreview(deps: Deps, actor: Actor, kind: DocumentKind | undefined, guid: string) {
  const doc = await readableDocument(deps.db, actor, guid, kind);
  const stored = doc.status === 'converted' && doc.pdf_key ? await deps.storage.get(doc.pdf_key) : null;
  const failure = doc.status === 'failed' && doc.pdf_error ? pdfFailureMessage(doc.pdf_error) : null;
  return { body: stored ?? Buffer.alloc(0), contentType: 'application/pdf', filename: `${doc.title}.pdf`, failure };
}

/** The viewer's answer (tRPC): the PDF as base64, or why there is none — a failed conversion's reason in the caller's language. */
export function previewAnswer(file: Awaited<ReturnType<typeof getPreview>>, locale: Locale) {
  const converted = file.body.length > 0;
  return { filename: file.filename, converted, base64: file.body.toString('base64'), failure: !converted && file.failure ? translate(locale, file.failure) : null };
}
