import { sql, type Kysely } from 'kysely';

// A batch refused as too long was stored as the bare key `scan.tooManyPages`, its limit filled in
// when shown from whatever the limit was then (issue 28). Refusals now store their key and
// parameters (`{"key","params"}`, src/shared/keyed-message.ts); the old rows get the limit they
// were refused under (2,000 pages). Other bare keys have no parameters and are read as they are.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE scan_batches SET error = '{"key":"scan.tooManyPages","params":{"max":2000}}' WHERE error = 'scan.tooManyPages'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE scan_batches SET error = 'scan.tooManyPages' WHERE error = '{"key":"scan.tooManyPages","params":{"max":2000}}'`.execute(db);
}
