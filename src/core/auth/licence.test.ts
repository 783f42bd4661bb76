import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { assertSchoolActive, schoolToday } from './licence';

const active = { status: 'normal' as const, start_at: '2026-01-01', expiry_at: '2026-12-31' };

describe('licence', () => {
  it('uses the Taipei calendar day', () => {
    // 17:00 UTC is already the next day in Taipei (UTC+8).
    expect(schoolToday(new Date('2026-03-01T17:00:00Z'))).toBe('2026-03-02');
  });

  it('accepts the first and the last day and refuses the days outside', () => {
    expect(() => assertSchoolActive(active, '2026-01-01')).not.toThrow();
    expect(() => assertSchoolActive(active, '2026-12-31')).not.toThrow();
    expect(() => assertSchoolActive(active, '2025-12-31')).toThrow(expect.objectContaining({ key: 'auth.schoolNotStarted' }));
    expect(() => assertSchoolActive(active, '2027-01-01')).toThrow(expect.objectContaining({ key: 'auth.schoolExpired' }));
  });

  it('refuses a disabled school with 403, and treats empty dates as open-ended', () => {
    let caught: unknown;
    try {
      assertSchoolActive({ ...active, status: 'disabled' }, '2026-06-01');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe('FORBIDDEN');
    expect(() => assertSchoolActive({ status: 'normal', start_at: null, expiry_at: null }, '2099-01-01')).not.toThrow();
  });
});
