import { describe, expect, it } from 'vitest';
import type { Permission } from '../../../shared/permissions';
import type { Actor } from '../../auth/actor';
import type { UserRole } from '../../../data/db/tables/users.table';
import { mayChange, mayRead } from './document-access';

const actor = (role: UserRole, permissions: Permission[] = []): Actor => ({
  userId: 10,
  clientId: 1,
  role,
  name: 'n',
  account: 'a',
  school: { code: 'c', name: 's' },
  sessionId: 'x',
  permissions: new Set(permissions),
  mustChangePassword: false,
});
const doc = (kind: 'card' | 'template', privacy: 'system' | 'client' | 'user', client_id = 1, user_id: number | null = 10) => ({ kind, privacy, client_id, user_id });

describe('who may read and change a card or template', () => {
  it('cards: the author, the school when school-wide, administrators; never another school', () => {
    const teacher = actor('teacher');
    expect(mayRead(teacher, doc('card', 'user'))).toBe(true);
    expect(mayRead(teacher, doc('card', 'user', 1, 11))).toBe(false);
    expect(mayRead(teacher, doc('card', 'client', 1, 11))).toBe(true);
    expect(mayRead(actor('school_admin'), doc('card', 'user', 1, 11))).toBe(true);
    expect(mayRead(actor('system_admin'), doc('card', 'client', 2))).toBe(false);
  });

  it('templates: system-wide for all, school templates for the school, personal for the owner', () => {
    const teacher = actor('teacher');
    expect(mayRead(teacher, doc('template', 'system', 99, 1))).toBe(true);
    expect(mayRead(teacher, doc('template', 'client', 2))).toBe(false);
    expect(mayRead(teacher, doc('template', 'user', 1, 11))).toBe(false);
    expect(mayRead(teacher, doc('template', 'user', 2, 10))).toBe(true);
  });

  it('changing a template needs templates.manage (school) or the system administrator (system)', () => {
    expect(mayChange(actor('teacher'), doc('template', 'client'))).toBe(false);
    expect(mayChange(actor('teacher', ['templates.manage']), doc('template', 'client'))).toBe(true);
    expect(mayChange(actor('school_admin', ['templates.manage']), doc('template', 'system', 1))).toBe(false);
    expect(mayChange(actor('system_admin'), doc('template', 'system', 1))).toBe(true);
    expect(mayChange(actor('teacher'), doc('template', 'user'))).toBe(true);
  });
});
