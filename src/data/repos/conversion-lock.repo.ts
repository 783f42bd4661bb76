import { sql } from 'kysely';
import { DISABLED_REASONS } from '../../shared/card/status';
import type { Db } from '../db/database';

// The content lock of a conversion (docs/cards.md, "Disabled"): `save PDF` sets `disabled` 3 in
// the same statement that marks the document converting, and the worker clears it in the one that
// records the outcome. Only an unlocked document (0) takes the lock, so clearing 3 always restores
// the previous value, and a document locked for another reason (1, 2) keeps its reason throughout.

const { editable, converting } = DISABLED_REASONS;

/** `disabled` once a conversion starts: 3 when it was editable, else unchanged. */
export const lockedForConversion = sql<number>`if(disabled = ${editable}, ${converting}, disabled)`;

/** `disabled` once the conversion is recorded (converted, or failed on its last attempt). */
export const releasedAfterConversion = sql<number>`if(disabled = ${converting}, ${editable}, disabled)`;

/**
 * The document's lock read inside a transaction and held (FOR UPDATE) until it commits: a content
 * save and a `save PDF` of one document run one after the other, never interleaved.
 */
export async function lockValueForUpdate(db: Db, documentId: number): Promise<number> {
  const row = await db.selectFrom('documents').select('disabled').where('id', '=', documentId).forUpdate().executeTakeFirstOrThrow();
  return row.disabled;
}
