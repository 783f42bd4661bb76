import type { Db } from '../../src/data/db/database';
import type { ScanPageStatus } from '../../src/shared/scan-page-status';
import type { TestApp } from './test-app';
import { scanTestMap } from './scan-fixtures';

// Scores fixtures (docs/scores.md): answers seeded straight into scan_pages — one done batch, a
// page per student and card page of the scan test map (tests/support/scan-fixtures.ts: q1–3
// single on page 1, q4 multi and q5 single on page 2, options A–D) — so score tests need no scan.

export interface SeededSheet {
  studentId: number | null;
  answers: Record<number, string>;
  flags?: Record<number, string>;
  status?: ScanPageStatus;
  /** The exam version the page codes would carry (A/B 卷). */
  version?: string | null;
}

/** One done batch holding every sheet's pages; returns the batch id. */
export async function seedAnswers(db: Db, owner: { clientId: number; userId: number; documentId: number }, sheets: readonly SeededSheet[], map = scanTestMap()): Promise<number> {
  const batch = await db
    .insertInto('scan_batches')
    .values({ client_id: owner.clientId, document_id: owner.documentId, user_id: owner.userId, filename: 'seeded.pdf', file_key: 'scans/seeded', state: 'done' })
    .executeTakeFirstOrThrow();
  const batchId = Number(batch.insertId);
  const rows = sheets.flatMap((sheet, s) =>
    Array.from({ length: map.pages }, (_, p) => {
      const page = p + 1;
      const qs = map.groups.filter((g) => g.page === page).map((g) => g.q);
      const answers = Object.fromEntries(qs.map((q) => [String(q), sheet.answers[q] ?? '']));
      const flags = Object.fromEntries(qs.flatMap((q) => (sheet.flags?.[q] ? [[String(q), sheet.flags[q]]] : answers[String(q)] === '' ? [[String(q), 'blank']] : [])));
      return {
        batch_id: batchId,
        client_id: owner.clientId,
        document_id: owner.documentId,
        page_index: s * map.pages + page,
        status: sheet.status ?? 'read',
        card_page: page,
        student_id: sheet.studentId,
        copy_no: null,
        version: sheet.version ?? null,
        answers: JSON.stringify(answers),
        flags: JSON.stringify(flags),
        reading: '{}',
        image_key: null,
      };
    }),
  );
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('scan_pages').values(rows.slice(i, i + 500)).execute();
  return batchId;
}

/** A legacy download: the file's bytes and headers, or the JSON envelope of a refusal. */
export async function legacyFile(app: TestApp, body: Record<string, unknown>, token: string) {
  const res = await fetch(`${app.url}/api/cards`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: decodeURIComponent(res.headers.get('content-disposition') ?? ''), bytes };
}
