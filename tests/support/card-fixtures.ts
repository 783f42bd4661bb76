import { randomBytes } from 'node:crypto';
import type { Permission } from '../../src/shared/permissions';
import type { UserRole } from '../../src/data/db/tables/users.table';
import { createSchool, createUser } from './fixtures';
import { legacy, type TestApp } from './test-app';

export const ALL_CARD_PERMISSIONS: Permission[] = [
  'cards.view',
  'cards.edit',
  'cards.delete',
  'cards.print',
  'cards.share',
  'templates.view',
  'templates.manage',
];

export interface Signed {
  token: string;
  schoolId: number;
  userId: number;
  schoolName: string;
}

/** A new school with every card permission allowed, and a signed-in user of it. */
export async function signedInSchool(app: TestApp, role: UserRole = 'teacher', permissions: Permission[] = ALL_CARD_PERMISSIONS): Promise<Signed> {
  const school = await createSchool(app.deps.db, {}, ALL_CARD_PERMISSIONS);
  return signInto(app, school.id, school.code, role, permissions);
}

export async function signInto(app: TestApp, schoolId: number, code: string, role: UserRole, permissions: Permission[]): Promise<Signed> {
  const user = await createUser(app.deps.db, schoolId, { role, permissions });
  // An address of 198.18.0.0/15, which no throttling test uses: sign-in.test.ts fails 198.51.100.x
  // addresses on purpose, and a fixture drawing the same one would be refused as throttled.
  const [a, b] = randomBytes(2);
  const ip = `198.${18 + (a % 2)}.${a}.${b}`;
  const res = await legacy(app, 'login', { code, account: user.account, password: user.password }, undefined, { 'x-forwarded-for': ip });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.body.message}`);
  return { token: (res.body.data as { token: string }).token, schoolId, userId: user.id, schoolName: `測試學校 ${code}` };
}

/** A minimal valid first page: header, base, one choice question. */
export function pageOptions(title = '第一大題') {
  return {
    html: `<div class="page"><table><tr><td data-q="1">${title}</td></tr></table></div>`,
    css: '.page{width:595pt}',
    styles: '',
    components: {
      version: 1,
      blocks: [
        { id: 'h', kind: 'header', schoolName: '測試學校' },
        {
          id: 'b',
          kind: 'firstBase',
          children: [{ id: 'g', kind: 'questionGroup', label: title, children: [{ id: 'q1', kind: 'singleChoice', options: { type: 'en', count: 4 } }] }],
        },
      ],
    },
    assets: [],
    params: { selectlist: { '1': { A: { h: 10, w: 10, x: 50, y: 100, value: 'A', showno: 1 } } }, grouplist: { '1': { h: 20, w: 300, x: 40, y: 95, showno: 1 } } },
  };
}

export const cardInfo = (title: string) => ({ title, department: 'general', subject: 'math', mode: 'omr', size: 'A4' });

/** POST /api/<area> answering raw bytes (file answers). */
export async function legacyFile(app: TestApp, area: string, body: unknown, token: string) {
  const res = await fetch(`${app.url}/api/${area}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '', body: Buffer.from(await res.arrayBuffer()) };
}
