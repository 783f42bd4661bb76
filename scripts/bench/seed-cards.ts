import { randomUUID } from 'node:crypto';
import { CARD_STATUSES } from '../../src/shared/card/status';
import { DEPARTMENTS, SUBJECTS } from '../../src/shared/card/catalogue';
import { ALL_PERMISSIONS } from '../../src/shared/permissions';
import { hashPassword } from '../../src/data/password';
import type { Db } from '../../src/data/db/database';
import type { NewDocument } from '../../src/data/db/tables/documents.table';

export const BENCH = { cards: 10_000, templates: 2_000, password: 'bench-pass' } as const;

export interface BenchSchool {
  code: string;
  /** A teacher who sees their own and the school-wide cards; an administrator for the school's templates. */
  teacher: string;
  admin: string;
}

/** A school with one teacher who owns every card, half of them school-wide. */
export async function seedBenchSchool(db: Db, code: string): Promise<BenchSchool> {
  const school = await db.insertInto('clients').values({ code, name: `壓測學校 ${code}`, nickname: code }).executeTakeFirstOrThrow();
  const clientId = Number(school.insertId);
  const permissions = ALL_PERMISSIONS.filter((p) => p.scope !== 'system').map((p) => ({ client_id: clientId, permission: p.permission }));
  await db.insertInto('client_permissions').values(permissions).execute();
  const user = await db
    .insertInto('users')
    .values({ client_id: clientId, account: 'teacher', name: '壓測老師', role: 'teacher', password_hash: await hashPassword(BENCH.password) })
    .executeTakeFirstOrThrow();
  const userId = Number(user.insertId);
  await db.insertInto('user_permissions').values(permissions.map((p) => ({ user_id: userId, permission: p.permission }))).execute();
  await db
    .insertInto('users')
    .values({ client_id: clientId, account: 'admin', name: '壓測校務', role: 'school_admin', password_hash: await hashPassword(BENCH.password) })
    .execute();

  const start = Date.UTC(2024, 0, 1);
  const row = (kind: 'card' | 'template', i: number): NewDocument => ({
    guid: randomUUID(),
    kind,
    client_id: clientId,
    user_id: userId,
    author: '壓測老師',
    title: `${kind === 'card' ? '段考' : '範本'} ${String(i).padStart(5, '0')}`,
    department: DEPARTMENTS[i % DEPARTMENTS.length].value,
    subject: SUBJECTS[i % SUBJECTS.length].value,
    mode: 'omr',
    size: 'A4',
    privacy: kind === 'card' ? (i % 2 ? 'client' : 'user') : 'client',
    status: CARD_STATUSES[i % CARD_STATUSES.length],
    source_id: null,
    pdf_key: null,
    created_at: new Date(start + i * 60_000),
  });
  for (const [kind, total] of [['card', BENCH.cards], ['template', BENCH.templates]] as const) {
    for (let from = 0; from < total; from += 1000) {
      const batch = Array.from({ length: Math.min(1000, total - from) }, (_, j) => row(kind, from + j));
      await db.insertInto('documents').values(batch).execute();
    }
  }
  return { code, teacher: 'teacher', admin: 'admin' };
}
