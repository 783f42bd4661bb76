import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../shared/permissions';
import { effectivePermissions } from './effective-permissions';

describe('effectivePermissions', () => {
  it('gives the system administrator every permission whatever the school allows', () => {
    expect(effectivePermissions('system_admin', [], []).size).toBe(ALL_PERMISSIONS.length);
  });

  it('gives a teacher the intersection of granted and allowed, teacher scope only', () => {
    const got = effectivePermissions('teacher', ['cards.view', 'cards.print', 'users.manage'], ['cards.view', 'users.manage', 'cards.share']);
    expect([...got]).toEqual(['cards.view']);
  });

  it('gives a school administrator everything its school allows in teacher and school scope', () => {
    const got = effectivePermissions('school_admin', ['cards.view', 'users.manage', 'system.clients'], []);
    expect([...got].sort()).toEqual(['cards.view', 'users.manage']);
  });
});
