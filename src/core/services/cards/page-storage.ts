import type { z } from 'zod';
import { DEFAULT_PRINT_OFFSETS } from '../../../shared/card/constants';
import { EMPTY_COMPONENTS } from '../../../shared/card/page-blocks';
import { DISABLED_REASONS } from '../../../shared/card/status';
import { referencedAssetIds, type PageOptions } from '../../../shared/card/page-document';
import type { ZGetOptionInput, ZGetPageInput, ZSaveOptionInput, TSavePageInput } from '../../../shared/schemas/cards';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../../data/db/database';
import type { Deps } from '../../deps';
import type { DocumentKind, DocumentRow } from '../../../data/db/tables/documents.table';
import { AppError } from '../../errors/app-error';
import { countPages, findOption, findPage, upsertOption, upsertPage, type PageValues } from '../../../data/repos/document-pages.repo';
import { lockValueForUpdate } from '../../../data/repos/conversion-lock.repo';
import { updateDocument } from '../../../data/repos/documents.repo';
import { readSettings } from '../clients/client-settings';
import { changeableDocument, readableDocument } from './document-access';
import { pageContentDigest } from './page-digest';
import { assertCardWithinBudget, assertPageWithinBudget } from './card-budget';
import { sanitizeCss, sanitizePageHtml } from './sanitize-page';

// The editor's storage calls (page-editor.md §7) for cards and templates alike.

/** `get card` / `get content`: one page, an empty one when not yet saved. */
export async function getPage(deps: Deps, actor: Actor, kind: DocumentKind, { guid, page }: z.infer<typeof ZGetPageInput>) {
  const doc = await readableDocument(deps.db, actor, guid, kind);
  const row = await findPage(deps.db, doc.id, page);
  return {
    html: row?.html ?? '',
    css: row?.css ?? '',
    styles: row?.styles ?? '',
    // Stored by saves that validated them (ZPageOptions).
    components: row ? (JSON.parse(row.components) as PageOptions['components']) : EMPTY_COMPONENTS,
    assets: row ? (JSON.parse(row.assets) as PageOptions['assets']) : [],
    params: row ? (JSON.parse(row.params) as PageOptions['params']) : { selectlist: {}, grouplist: {} },
    pages: Math.max(1, await countPages(deps.db, doc.id)),
    init: { ...DEFAULT_PRINT_OFFSETS },
    name: actor.school.name,
    /** The card's (or template's) own name: a new card's header starts from it (starting-page.ts). */
    title: doc.title,
    /** The school's switch for image-text and 3-/4-column image blocks (the editor's palette). */
    imageTextBlocks: (await readSettings(deps.db, actor.clientId)).image_text_blocks,
  };
}

/** Refuses a locked document's content: while it converts (409, for now) or for good (403). */
export function assertUnlocked(disabled: number): void {
  if (disabled === DISABLED_REASONS.converting) throw new AppError('CONFLICT', 'card.pdf.lockedConverting');
  if (disabled !== DISABLED_REASONS.editable) throw new AppError('FORBIDDEN', 'card.content.locked');
}

/** A document whose content the actor may change now: not locked. */
export async function editableContent(db: Db, actor: Actor, guid: string, kind: DocumentKind): Promise<DocumentRow> {
  const doc = await changeableDocument(db, actor, guid, kind);
  assertUnlocked(doc.disabled);
  return doc;
}

/** Sanitises what the renderer will load and checks what the schema cannot: non-empty, no dangling image. */
export function storedPage(options: PageOptions): PageValues {
  const html = sanitizePageHtml(options.html).trim();
  if (!html) throw new AppError('BAD_REQUEST', 'card.content.empty', {}, { html: 'card.content.empty' });
  const assetIds = new Set(options.assets.map((a) => a.id));
  const missing = referencedAssetIds(options.components).find((id) => !assetIds.has(id));
  if (missing) throw new AppError('BAD_REQUEST', 'card.asset.missing', { id: missing });
  return {
    html,
    css: sanitizeCss(options.css),
    styles: sanitizeCss(options.styles),
    components: JSON.stringify(options.components),
    assets: JSON.stringify(options.assets),
    params: JSON.stringify(options.params),
  };
}

/**
 * `save card` / `save template`: pages are saved in order, so at most one past the last. A save
 * whose content digest equals the stored page's keeps the document's status and PDF.
 */
export async function savePage(deps: Deps, actor: Actor, kind: DocumentKind, input: TSavePageInput) {
  const doc = await editableContent(deps.db, actor, input.guid, kind);
  if (!input.options.html.trim()) throw new AppError('BAD_REQUEST', 'card.content.empty', {}, { html: 'card.content.empty' });
  const values = storedPage(input.options);
  const size = assertPageWithinBudget(values);
  if (input.page > (await countPages(deps.db, doc.id)) + 1) throw new AppError('BAD_REQUEST', 'card.page.outOfRange');
  await deps.db.transaction().execute(async (trx) => {
    // Checked again under the row lock: a `save PDF` may have started since the check above.
    assertUnlocked(await lockValueForUpdate(trx, doc.id));
    // Under the same lock, so two saves at once cannot pass the budget together.
    await assertCardWithinBudget(trx, doc.id, input.page, size);
    const stored = await findPage(trx, doc.id, input.page);
    const unchanged = stored !== undefined && pageContentDigest(stored) === pageContentDigest(values);
    await upsertPage(trx, doc.id, input.page, values);
    // The PDF no longer matches the content: it must be converted again.
    if (!unchanged && doc.status !== 'draft') await updateDocument(trx, doc.id, { status: 'draft' });
  });
  return { message: 'card.content.saved' as const };
}

export async function getOption(deps: Deps, actor: Actor, kind: DocumentKind, input: z.infer<typeof ZGetOptionInput>) {
  const doc = await readableDocument(deps.db, actor, input.guid, kind);
  return (await findOption(deps.db, doc.id, input.code, input.key)) ?? '';
}

export async function saveOption(deps: Deps, actor: Actor, kind: DocumentKind, input: z.infer<typeof ZSaveOptionInput>) {
  const doc = await editableContent(deps.db, actor, input.guid, kind);
  await upsertOption(deps.db, doc.id, input.code, input.key, input.value);
  return { message: 'ok.success' as const };
}

export async function getDisabled(deps: Deps, actor: Actor, guid: string) {
  return (await readableDocument(deps.db, actor, guid, 'card')).disabled;
}
