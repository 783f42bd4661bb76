import { z } from 'zod';
import { ZPageOptions, type PageOptions } from '../../../shared/card/page-document';
import { OPTION_KEYS, PAGE_CODE_PATTERN, MAX_PAGES } from '../../../shared/card/constants';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { DocumentKind } from '../../../data/db/tables/documents.table';
import { AppError } from '../../errors/app-error';
import { lockValueForUpdate } from '../../../data/repos/conversion-lock.repo';
import { updateDocument } from '../../../data/repos/documents.repo';
import { deleteOptions, deletePages, listOptions, listPages, upsertOption, upsertPage } from '../../../data/repos/document-pages.repo';
import { readableDocument } from './document-access';
import { assertUnlocked, editableContent, storedPage } from './page-storage';
import { assertPagesWithinBudget } from './card-budget';

// `get backup`: every page and option of a document as one JSON file, which restoreBackup takes back.

const BACKUP_FORMAT = 'answer-card-studio/backup';

const ZBackup = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  title: z.string(),
  mode: z.string(),
  size: z.string(),
  pages: z.array(ZPageOptions.extend({ page: z.number().int().min(1).max(MAX_PAGES) })).max(MAX_PAGES),
  options: z.array(z.object({ code: z.string().regex(PAGE_CODE_PATTERN), key: z.enum(OPTION_KEYS), value: z.string().max(20) })),
});

export async function getBackup(deps: Deps, actor: Actor, kind: DocumentKind, guid: string) {
  const doc = await readableDocument(deps.db, actor, guid, kind);
  const pages = await listPages(deps.db, doc.id);
  const backup: z.input<typeof ZBackup> & { guid: string } = {
    format: BACKUP_FORMAT,
    version: 1,
    guid: doc.guid,
    title: doc.title,
    mode: doc.mode,
    size: doc.size,
    pages: pages.map((p) => ({
      page: p.page_no,
      html: p.html,
      css: p.css,
      styles: p.styles,
      // Stored by a save that validated them (ZPageOptions); restoreBackup validates them again.
      components: JSON.parse(p.components) as PageOptions['components'],
      assets: JSON.parse(p.assets) as PageOptions['assets'],
      params: JSON.parse(p.params) as PageOptions['params'],
    })),
    options: await listOptions(deps.db, doc.id).then((rows) => rows.map((o) => ({ code: o.code, key: o.key as (typeof OPTION_KEYS)[number], value: o.value }))),
  };
  return { body: Buffer.from(JSON.stringify(backup, null, 1)), filename: `${doc.title}-backup.json`, contentType: 'application/json' };
}

/** Replaces every page and option with the backup's, validated and sanitised as a save is. */
export async function restoreBackup(deps: Deps, actor: Actor, kind: DocumentKind, guid: string, file: unknown) {
  const doc = await editableContent(deps.db, actor, guid, kind);
  const parsed = ZBackup.safeParse(file);
  if (!parsed.success) throw parsed.error;
  if (parsed.data.mode !== doc.mode || parsed.data.size !== doc.size) throw new AppError('BAD_REQUEST', 'card.modeLocked');
  const pages = parsed.data.pages.map((p) => ({ page: p.page, values: storedPage(p) }));
  assertPagesWithinBudget(pages.map((p) => p.values));
  await deps.db.transaction().execute(async (trx) => {
    assertUnlocked(await lockValueForUpdate(trx, doc.id)); // a `save PDF` may have started since
    await deletePages(trx, doc.id);
    await deleteOptions(trx, doc.id);
    for (const p of pages) await upsertPage(trx, doc.id, p.page, p.values);
    for (const o of parsed.data.options) await upsertOption(trx, doc.id, o.code, o.key, o.value);
    // As after a page save: the PDF no longer matches the content.
    if (doc.status !== 'draft') await updateDocument(trx, doc.id, { status: 'draft' });
  });
  return { message: 'card.content.saved' as const };
}
