import type { Permission } from '../../src/shared/permissions';
import { permissionsOfScope } from '../../src/shared/permissions';
import { createSchool, createUser } from './fixtures';
import { legacy, type LegacyReply, type TestApp } from './test-app';

// A range no other suite uses, from a random start: the throttle counts failures per address in
// Redis across runs, and the suites here make deliberate refused sign-ins.
let address = Math.floor(Math.random() * 250);
/** Each sign-in from its own address, so the throttle of one suite never trips another. */
export async function signIn(app: TestApp, code: string, account: string, password: string): Promise<string> {
  address = (address % 250) + 1;
  const res = await legacy(app, 'login', { code, account, password }, undefined, { 'x-forwarded-for': `203.0.113.${address}` });
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return (res.body.data as { token: string }).token;
}

export async function systemToken(app: TestApp): Promise<string> {
  return signIn(app, 'system', 'admin', 'admin123');
}

/** A school allowed every teacher- and school-scope right, with its administrator signed in. */
export async function schoolWithAdmin(app: TestApp, values: { max_account?: number; parent_id?: number } = {}) {
  const allowed: Permission[] = permissionsOfScope('teacher', 'school');
  const school = await createSchool(app.deps.db, values, allowed);
  const admin = await createUser(app.deps.db, school.id, { role: 'school_admin' });
  return { ...school, token: await signIn(app, school.code, admin.account, admin.password) };
}

/** POST /api/<area> as multipart, as the import screens and integrators send files. */
export async function legacyUpload(
  app: TestApp,
  area: string,
  fields: Record<string, string>,
  file: { name: string; body: Buffer } | null,
  token: string,
  headers: Record<string, string> = {},
): Promise<LegacyReply> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', new Blob([new Uint8Array(file.body)]), file.name);
  const res = await fetch(`${app.url}/api/${area}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body: form });
  return { status: res.status, body: (await res.json()) as LegacyReply['body'] };
}

/** A tRPC call over HTTP without the typed client: enough to reach every procedure by name. */
export async function trpcCall(app: TestApp, path: string, type: 'query' | 'mutation', input: unknown, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const res =
    type === 'query'
      ? await fetch(`${app.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
      : await fetch(`${app.url}/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify(input) });
  const body = (await res.json()) as { result?: { data: unknown }; error?: { message: string; data: { httpStatus: number } } };
  return { status: res.status, data: body.result?.data, error: body.error };
}
