import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ZCreateTemplateInput, ZEditTemplateInput } from '../../../shared/schemas/cards';
import { requirePermission, type Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { Locale } from '../../../shared/limits';
import { insertDocument, updateDocument } from '../../../data/repos/documents.repo';
import { removeDocument } from './remove-document';
import { assertModeAndSize } from './card-params';
import { assertSameModeAndSize } from './card-info';
import { toTemplateRow } from './card-rows';
import { changeableDocument, readableDocument } from './document-access';

// A school's own templates (/client/templates). The system school's templates are system-wide.

export async function createTemplate(deps: Deps, actor: Actor, { data }: z.infer<typeof ZCreateTemplateInput>) {
  requirePermission(actor, 'templates.manage');
  await assertModeAndSize(deps, actor, data.mode, data.size);
  const guid = randomUUID();
  await insertDocument(deps.db, {
    guid,
    kind: 'template',
    client_id: actor.clientId,
    user_id: actor.userId,
    author: actor.name,
    title: data.title,
    description: data.description,
    mode: data.mode,
    size: data.size,
    privacy: actor.role === 'system_admin' ? 'system' : 'client',
    fixed_format: data.fixed_format ?? 0,
    source_id: null,
    pdf_key: null,
  });
  return { guid, message: 'card.created' as const };
}

export async function getTemplateInfo(deps: Deps, actor: Actor, guid: string, locale: Locale) {
  const doc = await readableDocument(deps.db, actor, guid, 'template');
  return { ...toTemplateRow(doc, locale), share: doc.share, fixed_format: doc.fixed_format };
}

export async function editTemplateInfo(deps: Deps, actor: Actor, { guid, data }: z.infer<typeof ZEditTemplateInput>) {
  const doc = await changeableDocument(deps.db, actor, guid, 'template');
  assertSameModeAndSize(doc, data.mode, data.size);
  await updateDocument(deps.db, doc.id, { title: data.title, description: data.description, fixed_format: data.fixed_format ?? doc.fixed_format });
  return { message: 'card.updated' as const };
}

export async function deleteTemplate(deps: Deps, actor: Actor, guid: string) {
  const doc = await changeableDocument(deps.db, actor, guid, 'template');
  await removeDocument(deps, doc);
  return { message: 'card.deleted' as const };
}
