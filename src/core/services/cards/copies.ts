import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { DISABLED_REASONS } from '../../../shared/card/status';
import type { ZCopyToClientInput, ZCopyToShareInput, ZCopyToTitleInput } from '../../../shared/schemas/cards';
import type { ZShareToUserInput } from '../../../shared/schemas/viewer';
import { requirePermission, type Actor } from '../../auth/actor';
import { resolveSchoolId } from '../../auth/tenancy';
import type { Db } from '../../../data/db/database';
import type { Deps } from '../../deps';
import type { FileStorage } from '../../../data/storage/file-storage';
import type { DocumentRow, NewDocument } from '../../../data/db/tables/documents.table';
import { AppError } from '../../errors/app-error';
import { insertDocument, schoolName } from '../../../data/repos/documents.repo';
import { findShareTargetSchool, insertShare, listCopyTargetSchools } from '../../../data/repos/shares.repo';
import { findTeacher, teacherListQuery } from '../../../data/repos/teachers.repo';
import { SYSTEM_SCHOOL_CODE } from '../../../shared/limits';
import { carryConversion, currentConversion } from './carry-conversion';
import { copyPages } from './copy-pages';
import { readableDocument } from './document-access';

// Copies are deep: new rows for the document, its pages and options, so later edits of the
// source never reach the copy (and the other way round). Every copy is a template; a personal one
// keeps its source's current conversion, the others (which a school may print) convert on their own.

/** `user_id` names the owner when it is not the actor (share to a user). */
type Overrides = Pick<NewDocument, 'client_id' | 'privacy' | 'title' | 'disabled'> & Partial<Pick<NewDocument, 'user_id'>>;

async function copyDocument(db: Db, storage: FileStorage, actor: Actor, source: DocumentRow, overrides: Overrides): Promise<{ id: number; guid: string }> {
  const guid = randomUUID();
  const id = await insertDocument(db, {
    guid,
    kind: 'template',
    user_id: actor.userId,
    author: actor.name,
    description: source.description,
    department: source.department,
    subject: source.subject,
    mode: source.mode,
    size: source.size,
    share: 0,
    source_id: source.id,
    pdf_key: null,
    ...overrides,
  });
  await copyPages(db, storage, source, { id, client_id: overrides.client_id });
  return { id, guid };
}

/**
 * A copy into someone's personal collection. It keeps the source's conversion when that is of the
 * pages it copied (carry-conversion.ts): read in the copy's transaction, the files copied after it.
 */
async function personalCopy(deps: Deps, actor: Actor, source: DocumentRow, overrides: Overrides): Promise<{ id: number; guid: string }> {
  const { copy, carried } = await deps.db.transaction().execute(async (trx) => ({
    copy: await copyDocument(trx, deps.storage, actor, source, overrides),
    carried: await currentConversion(trx, source.id),
  }));
  if (carried) await carryConversion(deps, copy.id, carried);
  return copy;
}

/** 個人收藏: a template only the actor sees, editable even when the source is locked. */
export async function copyToPrivated(deps: Deps, actor: Actor, input: z.infer<typeof ZCopyToTitleInput>) {
  requirePermission(actor, 'templates.view');
  const source = await readableDocument(deps.db, actor, input.guid);
  const overrides = { client_id: actor.clientId, privacy: 'user', title: input.title, disabled: DISABLED_REASONS.editable } as const;
  const copy = await personalCopy(deps, actor, source, overrides);
  return { guid: copy.guid, message: 'card.copy.toPrivated' as const };
}

/** 分享為範本: the card becomes a template of the actor's school. */
export async function copyToTemplate(deps: Deps, actor: Actor, input: z.infer<typeof ZCopyToTitleInput>) {
  requirePermission(actor, 'cards.share');
  const source = await readableDocument(deps.db, actor, input.guid, 'card');
  // A card locked only while it converts (3) is shared as it is: its content is not changing.
  if (source.disabled !== DISABLED_REASONS.editable && source.disabled !== DISABLED_REASONS.converting) throw new AppError('FORBIDDEN', 'card.content.locked');
  const overrides = { client_id: actor.clientId, privacy: 'client', title: input.title, disabled: DISABLED_REASONS.editable } as const;
  const copy = await deps.db.transaction().execute((trx) => copyDocument(trx, deps.storage, actor, source, overrides));
  return { guid: copy.guid, message: 'card.copy.toTemplate' as const };
}

/** 分享至學校: the receiving school gets a locked template of its own and a row in its shares. */
export async function copyToShare(deps: Deps, actor: Actor, input: z.infer<typeof ZCopyToShareInput>) {
  requirePermission(actor, 'cards.share');
  const source = await readableDocument(deps.db, actor, input.guid, 'card');
  if (source.share !== 1) throw new AppError('FORBIDDEN', 'card.share.off');
  const school = await findShareTargetSchool(deps.db, input.client_id, actor.clientId, SYSTEM_SCHOOL_CODE);
  if (!school) throw new AppError('NOT_FOUND', 'error.notFound');
  const overrides = { client_id: school.id, privacy: 'client', title: input.title, disabled: DISABLED_REASONS.shared } as const;
  const copy = await deps.db.transaction().execute(async (trx) => {
    const made = await copyDocument(trx, deps.storage, actor, source, overrides);
    await insertShare(trx, { document_id: made.id, from_client_id: actor.clientId, to_client_id: school.id, user_id: actor.userId, author: actor.name });
    return made;
  });
  return { guid: copy.guid, message: 'card.copy.toShare' as const, params: { school: school.name } };
}

/** 複製到學校: a template for a school the actor administers (the system administrator: any). */
export async function copyToClient(deps: Deps, actor: Actor, input: z.infer<typeof ZCopyToClientInput>) {
  requirePermission(actor, 'templates.manage');
  const source = await readableDocument(deps.db, actor, input.guid, 'template');
  const clientId = await resolveSchoolId(deps.db, actor, input.client);
  const school = await schoolName(deps.db, clientId);
  const overrides = { client_id: clientId, privacy: 'client', title: source.title, disabled: DISABLED_REASONS.editable } as const;
  const copy = await deps.db.transaction().execute((trx) => copyDocument(trx, deps.storage, actor, source, overrides));
  return { guid: copy.guid, message: 'card.copy.toClient' as const, params: { school: school?.name ?? '' } };
}

/** The schools `copy toClient` may name for this actor (the same rule as resolveSchoolId). */
export function listCopyTargets(deps: Deps, actor: Actor) {
  requirePermission(actor, 'templates.manage');
  if (actor.role === 'teacher') return Promise.resolve([]);
  return listCopyTargetSchools(deps.db, actor.clientId, actor.role === 'system_admin');
}

/**
 * 分享給使用者 (share preview, /client/templates/preview): a template into the personal collection
 * of a teacher of the actor's own school, unlocked like `copy toPrivated`. Filling others'
 * collections is managing the school's templates; a teacher of another school answers 404.
 */
export async function shareToUser(deps: Deps, actor: Actor, input: z.infer<typeof ZShareToUserInput>) {
  requirePermission(actor, 'templates.manage');
  const source = await readableDocument(deps.db, actor, input.guid, 'template');
  const target = await findTeacher(deps.db, input.user_id);
  if (!target || target.client_id !== actor.clientId || target.status !== 'normal') throw new AppError('NOT_FOUND', 'error.notFound');
  const overrides = { client_id: actor.clientId, user_id: target.client_user_id, privacy: 'user', title: source.title, disabled: DISABLED_REASONS.editable } as const;
  const copy = await personalCopy(deps, actor, source, overrides);
  return { guid: copy.guid, message: 'viewer.shareUser.done' as const, params: { name: target.name } };
}

/** The teachers `shareToUser` may name: the actor's school's active teachers but the actor. */
export async function listShareUsers(deps: Deps, actor: Actor) {
  requirePermission(actor, 'templates.manage');
  const rows = await teacherListQuery(deps.db, actor.clientId).execute();
  return rows.filter((r) => r.status === 'normal' && r.client_user_id !== actor.userId).map((r) => ({ id: r.client_user_id, name: r.name, account: r.account }));
}
