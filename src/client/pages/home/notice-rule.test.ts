import { describe, expect, it } from 'vitest';
import { shouldShowNotice } from './notice-rule';

describe('home maintenance notice', () => {
  it('shows before 2022-11-24 09:00 Taipei time when not dismissed', () => {
    expect(shouldShowNotice(new Date('2022-11-23T14:00:00+08:00'), null)).toBe(true);
    expect(shouldShowNotice(new Date('2022-11-24T08:59:59+08:00'), '0')).toBe(true);
  });

  it('hides from the cut-off on', () => {
    expect(shouldShowNotice(new Date('2022-11-24T09:00:00+08:00'), null)).toBe(false);
    expect(shouldShowNotice(new Date('2026-01-01T00:00:00Z'), null)).toBe(false);
  });

  it('hides once the hint flag is 1', () => {
    expect(shouldShowNotice(new Date('2022-11-23T14:00:00+08:00'), '1')).toBe(false);
  });
});
