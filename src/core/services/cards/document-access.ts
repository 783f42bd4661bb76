import type { Permission } from '../../../shared/permissions';
import { requirePermission, type Actor } from '../../auth/actor';
import type { Db } from '../../../data/db/database';
import type { DocumentKind, DocumentRow } from '../../../data/db/tables/documents.table';
import { AppError } from '../../errors/app-error';
import { findDocument, type Viewer } from '../../../data/repos/documents.repo';

// The tenancy rule of cards and templates, in one place. A document the actor may not see
// answers 404 (revealing nothing of it); one they may see but not change answers 403.

export const viewerOf = (actor: Actor): Viewer => ({
  clientId: actor.clientId,
  userId: actor.userId,
  wholeSchool: actor.role !== 'teacher',
});

/** The fields the rule reads, so list rows can be judged without loading whole documents. */
type Judged = Pick<DocumentRow, 'kind' | 'privacy' | 'client_id' | 'user_id'>;

export function mayRead(actor: Actor, doc: Judged): boolean {
  if (doc.kind === 'card') {
    return doc.client_id === actor.clientId && (doc.privacy === 'client' || doc.user_id === actor.userId || actor.role !== 'teacher');
  }
  if (doc.privacy === 'system') return true;
  if (doc.privacy === 'client') return doc.client_id === actor.clientId;
  return doc.user_id === actor.userId;
}

/** Templates of a school are changed by its template managers, system ones by the system administrator. */
export function mayChange(actor: Actor, doc: Judged): boolean {
  if (!mayRead(actor, doc)) return false;
  if (doc.kind === 'card' || doc.privacy === 'user') return true;
  if (doc.privacy === 'client') return actor.permissions.has('templates.manage');
  return actor.role === 'system_admin';
}

const VIEW: Record<DocumentKind, Permission> = { card: 'cards.view', template: 'templates.view' };

export async function readableDocument(db: Db, actor: Actor, guid: string, kind?: DocumentKind): Promise<DocumentRow> {
  const doc = await findDocument(db, guid, kind);
  if (!doc || !mayRead(actor, doc)) throw new AppError('NOT_FOUND', 'error.notFound');
  requirePermission(actor, VIEW[doc.kind]);
  return doc;
}

function assertChangeable(actor: Actor, doc: DocumentRow): DocumentRow {
  requirePermission(actor, doc.kind === 'card' ? 'cards.edit' : 'templates.view');
  if (!mayChange(actor, doc)) throw new AppError('FORBIDDEN', 'error.forbidden');
  return doc;
}

export async function changeableDocument(db: Db, actor: Actor, guid: string, kind?: DocumentKind): Promise<DocumentRow> {
  return assertChangeable(actor, await readableDocument(db, actor, guid, kind));
}

/**
 * Converting to PDF is not editing (the content stays as it is), so it ignores the content lock:
 * whoever may change the document, and any user of a school for the school's own templates —
 * a copy shared to it included, so the receiving teacher can preview and print it.
 */
export async function convertibleDocument(db: Db, actor: Actor, guid: string, kind?: DocumentKind): Promise<DocumentRow> {
  const doc = await readableDocument(db, actor, guid, kind);
  if (doc.kind === 'template' && doc.privacy === 'client' && doc.client_id === actor.clientId) return doc;
  return assertChangeable(actor, doc);
}
