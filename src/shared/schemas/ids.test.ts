import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeError } from '../../core/errors/describe-error';
import { ZCardInfoSchema } from './cards';
import { numeric, zId } from './ids';

describe('numeric fields', () => {
  const page = numeric(z.number().int().min(1)).default(1);

  it('reads JSON numbers and plain decimal text', () => {
    expect(page.parse(3)).toBe(3);
    expect(page.parse('16')).toBe(16);
    expect(page.parse(undefined)).toBe(1);
    expect(zId.parse('42')).toBe(42);
  });

  it('refuses what Number() would read as a number', () => {
    for (const odd of ['0x10', '1e3', '', ' ', [1], true, '0b1', 'Infinity']) expect(page.safeParse(odd).success, JSON.stringify(odd)).toBe(false);
    for (const odd of ['0x10', [1], true, null]) expect(zId.safeParse(odd).success, JSON.stringify(odd)).toBe(false);
  });
});

describe('card title', () => {
  it('names a too-long title as too long, not as empty, even of combining marks', () => {
    const info = { title: '\u0301'.repeat(501), department: '普通科', subject: '數學' };
    const described = describeError(ZCardInfoSchema.safeParse(info).error, 'tw');
    expect(described.fields).toEqual({ title: '卷卡名稱不可超過 100 個字' });
    expect(describeError(ZCardInfoSchema.safeParse({ ...info, title: ' ' }).error, 'tw').fields?.title).not.toBe('卷卡名稱不可超過 100 個字');
  });
});
