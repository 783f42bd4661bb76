import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { departmentName, subjectName } from '../../../shared/card/catalogue';
import { DISABLED_REASONS } from '../../../shared/card/status';
import type { ZCreateCardInput, ZEditCardInput } from '../../../shared/schemas/cards';
import { requirePermission, type Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { copyPages } from './copy-pages';
import { titleHeader } from './header-title';
import type { DocumentRow } from '../../../data/db/tables/documents.table';
import { AppError } from '../../errors/app-error';
import { insertDocument, updateDocument } from '../../../data/repos/documents.repo';
import { removeDocument } from './remove-document';
import { assertCatalogue, assertModeAndSize } from './card-params';
import { changeableDocument, readableDocument } from './document-access';

// A card's info: create (from scratch or a template), read, edit, delete.

export async function createCard(deps: Deps, actor: Actor, { data }: z.infer<typeof ZCreateCardInput>) {
  requirePermission(actor, 'cards.edit');
  assertCatalogue(data.department, data.subject);
  const template = data.template_id ? await readableDocument(deps.db, actor, data.template_id, 'template') : undefined;
  const mode = template?.mode ?? data.mode;
  const size = template?.size ?? data.size;
  if (!mode) throw new AppError('BAD_REQUEST', 'card.modeRequired', {}, { mode: 'card.modeRequired' });
  if (!size) throw new AppError('BAD_REQUEST', 'card.sizeRequired', {}, { size: 'card.sizeRequired' });
  if (!template) await assertModeAndSize(deps, actor, mode, size);
  const guid = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    const id = await insertDocument(trx, {
      guid,
      kind: 'card',
      client_id: actor.clientId,
      user_id: actor.userId,
      author: actor.name,
      title: data.title,
      department: data.department,
      subject: data.subject,
      mode,
      size,
      privacy: 'user',
      share: data.share ?? 0,
      // A card made from a template is the teacher's own, unless the template's owner marked it 固定格式.
      disabled: template?.fixed_format ? DISABLED_REASONS.fixedFormat : DISABLED_REASONS.editable,
      source_id: template?.id ?? null,
      pdf_key: null,
    });
    if (template) {
      await copyPages(trx, deps.storage, template, { id, client_id: actor.clientId });
      await titleHeader(trx, id, data.title);
    }
  });
  // Whether its content may be edited now: the form sends the author on to the editor (issue 15).
  return { guid, editable: template?.privacy !== 'system', message: 'card.created' as const };
}

export function cardInfo(doc: DocumentRow) {
  return {
    guid: doc.guid,
    title: doc.title,
    department: doc.department,
    subject: doc.subject,
    Dep_Name: departmentName(doc.department),
    Sub_Name: subjectName(doc.subject),
    mode: doc.mode,
    size: doc.size,
    share: doc.share,
    privacy: doc.privacy,
    status: doc.status,
    disabled: doc.disabled,
  };
}

export async function getCardInfo(deps: Deps, actor: Actor, guid: string) {
  return cardInfo(await readableDocument(deps.db, actor, guid, 'card'));
}

/** Mode and size are fixed once set: the content was laid out for them. */
export function assertSameModeAndSize(doc: DocumentRow, mode?: string, size?: string): void {
  if ((mode && mode !== doc.mode) || (size && size !== doc.size)) {
    throw new AppError('BAD_REQUEST', 'card.modeLocked', {}, { mode: 'card.modeLocked' });
  }
}

export async function editCardInfo(deps: Deps, actor: Actor, { guid, data }: z.infer<typeof ZEditCardInput>) {
  const doc = await changeableDocument(deps.db, actor, guid, 'card');
  assertCatalogue(data.department, data.subject);
  assertSameModeAndSize(doc, data.mode, data.size);
  if (data.share !== undefined && data.share !== doc.share) requirePermission(actor, 'cards.share');
  await updateDocument(deps.db, doc.id, { title: data.title, department: data.department, subject: data.subject, share: data.share ?? doc.share });
  return { message: 'card.updated' as const };
}

export async function deleteCard(deps: Deps, actor: Actor, guid: string) {
  requirePermission(actor, 'cards.delete');
  const doc = await changeableDocument(deps.db, actor, guid, 'card');
  await removeDocument(deps, doc);
  return { message: 'card.deleted' as const };
}
