import { requirePermission, type Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { removeDocument } from './remove-document';
import { documentFiles } from '../../../data/repos/documents.repo';
import { findReceivedShare, listShareTargetSchools } from '../../../data/repos/shares.repo';
import { SYSTEM_SCHOOL_CODE } from '../../../shared/limits';

/** `delete shares`: the receiving school removes a share and its copy (the sender's card stays). */
export async function deleteShare(deps: Deps, actor: Actor, guid: string) {
  requirePermission(actor, 'cards.delete');
  const share = await findReceivedShare(deps.db, guid, actor.clientId);
  if (!share) throw new AppError('NOT_FOUND', 'error.notFound');
  const doc = await documentFiles(deps.db, share.document_id);
  await removeDocument(deps, doc);
  return { message: 'card.share.deleted' as const };
}

/** The share dialog's school choices. */
export function listShareTargets(deps: Deps, actor: Actor) {
  requirePermission(actor, 'cards.share');
  return listShareTargetSchools(deps.db, actor.clientId, SYSTEM_SCHOOL_CODE);
}
