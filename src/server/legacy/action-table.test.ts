import { describe, expect, it } from 'vitest';
import { LEGACY_AREAS } from './action';
import { findLegacyAction, LEGACY_ACTIONS } from './action-table';

describe('legacy action table', () => {
  it('holds each {area, method, action} once, in a known area', () => {
    const keys = LEGACY_ACTIONS.map((a) => `${a.area} ${a.method} ${a.action}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const a of LEGACY_ACTIONS) expect(LEGACY_AREAS).toContain(a.area);
  });

  it('finds areas without method/action whatever the body says, and others only by both', () => {
    expect(findLegacyAction('login', undefined, undefined)?.area).toBe('login');
    expect(findLegacyAction('login', 'get', 'x')?.area).toBe('login');
    expect(findLegacyAction('structure', 'get', 'menu')?.action).toBe('menu');
    expect(findLegacyAction('structure', 'get', undefined)).toBeUndefined();
    expect(findLegacyAction('structure', 'get', 'menus')).toBeUndefined();
  });
});
