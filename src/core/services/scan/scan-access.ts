import { requirePermission, type Actor } from '../../auth/actor';
import type { Db } from '../../../data/db/database';
import { AppError } from '../../errors/app-error';
import { findBatch, findPage } from '../../../data/repos/scan.repo';
import { readableDocument } from '../cards/document-access';

// The tenancy rule of scans: a batch, page or answer is reached only through a card the actor
// may read (the cards rule), in the actor's own school. Anything else answers 404, revealing nothing.

export async function readableCard(db: Db, actor: Actor, guid: string) {
  requirePermission(actor, 'cards.scan');
  return readableDocument(db, actor, guid, 'card');
}

export async function readableBatch(db: Db, actor: Actor, batchId: number) {
  requirePermission(actor, 'cards.scan');
  const batch = await findBatch(db, batchId);
  if (!batch || batch.client_id !== actor.clientId) throw new AppError('NOT_FOUND', 'scan.batchMissing');
  await readableDocument(db, actor, batch.guid, 'card');
  return batch;
}

export async function readablePage(db: Db, actor: Actor, pageId: number) {
  requirePermission(actor, 'cards.scan');
  const page = await findPage(db, pageId);
  if (!page || page.client_id !== actor.clientId) throw new AppError('NOT_FOUND', 'scan.pageMissing');
  return { page, batch: await readableBatch(db, actor, page.batch_id) };
}
