import { requirePermission, type Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { deletePrintLog, findPrintLog, listPrintLogs } from '../../../data/repos/print-logs.repo';
import { printedVersions } from '../../../shared/print/exam-versions';
import { schoolTime } from './card-rows';
import { readableDocument } from './document-access';

// The print log of a card. Rows and files are written by the print worker (docs/print-service.md);
// files live in storage by their key, and go with their row.

export async function listLogs(deps: Deps, actor: Actor, guid: string) {
  const doc = await readableDocument(deps.db, actor, guid, 'card');
  const rows = await listPrintLogs(deps.db, doc.id);
  // `versions`: the print's exam versions (A/B 卷), [] for one version or a row older than versions.
  return rows.map((r) => ({ id: r.id, filename: r.filename, class: r.class, username: r.username, created_at: schoolTime(r.created_at), ...printedVersions(r) }));
}

/** The row, if it belongs to a card of the actor's that they may see; otherwise 404. */
async function ownLog(deps: Deps, actor: Actor, id: number) {
  requirePermission(actor, 'cards.print');
  const log = await findPrintLog(deps.db, id, actor.clientId);
  if (!log) throw new AppError('NOT_FOUND', 'error.notFound');
  await readableDocument(deps.db, actor, log.guid, 'card');
  return log;
}

export async function downloadLog(deps: Deps, actor: Actor, id: number) {
  const log = await ownLog(deps, actor, id);
  const body = await deps.storage.get(log.storage_key);
  if (!body) throw new AppError('NOT_FOUND', 'card.log.fileMissing');
  return { body, filename: log.filename, contentType: 'application/pdf' };
}

export async function deleteLog(deps: Deps, actor: Actor, id: number) {
  const log = await ownLog(deps, actor, id);
  await deletePrintLog(deps.db, log.id);
  // After the row: a file without a row is unreachable garbage, a row without a file a broken link.
  await deps.storage.delete(log.storage_key);
  return { message: 'card.log.deleted' as const };
}
