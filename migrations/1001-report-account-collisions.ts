import { sql, type Kysely } from 'kysely';

// No schema change: reports accounts that become one identity under the sign-in rule (NFKC,
// case-folded; src/shared/account-name.ts) or hold control/format characters, which sign-in now
// refuses. Such accounts need a school administrator's rename; the report names them, it changes
// nothing. (Migrations never import app code, so the rule is restated here.)
const HIDDEN = /[\p{Cc}\p{Cf}]/u;
const identity = (account: string) => account.normalize('NFKC').trim().toUpperCase().toLowerCase().normalize('NFKC');

export interface AccountProblem {
  client_id: number;
  accounts: string[];
  reason: 'collision' | 'hidden-characters';
}

export async function findAccountProblems(db: Kysely<unknown>): Promise<AccountProblem[]> {
  const { rows } = await sql<{ client_id: number; account: string }>`select client_id, account from users order by client_id, id`.execute(db);
  const groups = new Map<string, { client_id: number; accounts: string[] }>();
  const problems: AccountProblem[] = [];
  for (const row of rows) {
    if (HIDDEN.test(row.account)) problems.push({ client_id: row.client_id, accounts: [row.account], reason: 'hidden-characters' });
    const key = `${row.client_id}\u0000${identity(row.account)}`;
    const group = groups.get(key) ?? { client_id: row.client_id, accounts: [] };
    group.accounts.push(row.account);
    groups.set(key, group);
  }
  for (const group of groups.values()) if (group.accounts.length > 1) problems.push({ ...group, reason: 'collision' });
  return problems;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const problems = await findAccountProblems(db);
  for (const p of problems) console.warn(`[accounts] school ${p.client_id}: ${p.reason} ${JSON.stringify(p.accounts)} — rename before these users can sign in`);
}

export async function down(): Promise<void> {}
