import { randomBytes } from 'node:crypto';
import { ASSET_PATH_PREFIX } from '../../../shared/card/constants';
import type { Asset } from '../../../shared/card/page-document';
import { imageLimitProblem } from '../../../shared/card/image-limits';
import { IMAGE_MAX_BYTES } from '../../../shared/limits';
import { CARD_ASSET_FILE } from '../../../shared/schemas/card-image';
import type { Actor } from '../../auth/actor';
import type { DocumentKind } from '../../../data/db/tables/documents.table';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { changeableDocument } from './document-access';
import { IMAGE_MIME, readImageHeader } from './image-header';

// Editor images (page-editor.md §5): stored per school under assets/cards/<school>/, the folder the
// PDF worker serves a card's images from (save-pdf.ts), and read back only by that school's users.

/** `/assets/cards/12/ab….png` is storage key `assets/cards/12/ab….png`. */
const storageKey = (schoolId: number, file: string) => `${ASSET_PATH_PREFIX.slice(1)}${schoolId}/${file}`;

/** Checks the bytes themselves (size, type, pixel size from the header) and stores them for the document's school. */
export async function uploadCardImage(deps: Deps, actor: Actor, kind: DocumentKind, guid: string, filename: string, bytes: Buffer): Promise<Asset> {
  const doc = await changeableDocument(deps.db, actor, guid, kind);
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'editor.image.overLimit');
  const header = readImageHeader(bytes);
  if (!header) throw new AppError('BAD_REQUEST', 'editor.image.notImage');
  const problem = imageLimitProblem({ bytes: bytes.length, width: header.width, height: header.height });
  if (problem) throw new AppError('BAD_REQUEST', problem);

  const id = randomBytes(12).toString('hex');
  const file = `${id}.${header.type}`;
  const type = IMAGE_MIME[header.type];
  await deps.storage.put(storageKey(doc.client_id, file), bytes, type);
  return { id, name: filename.slice(0, 200), type, src: `${ASSET_PATH_PREFIX}${doc.client_id}/${file}`, width: header.width, height: header.height };
}

/** A stored image of the actor's own school; any other school's (or any unknown name) is 404. */
export async function readCardImage(deps: Deps, actor: Actor, schoolId: number, file: string): Promise<{ body: Buffer; type: string }> {
  if (schoolId !== actor.clientId || !CARD_ASSET_FILE.test(file)) throw new AppError('NOT_FOUND', 'error.notFound');
  const body = await deps.storage.get(storageKey(schoolId, file));
  // Served as the type its bytes are, never as what a name claims.
  const header = body && readImageHeader(body);
  if (!body || !header) throw new AppError('NOT_FOUND', 'error.notFound');
  return { body, type: IMAGE_MIME[header.type] };
}
