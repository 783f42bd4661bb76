import { TRPCError } from '@trpc/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { describeError } from './describe-error';

// Faults go to the JSON log (src/server/ops/log.ts), one line each: record what is logged.
const logged = vi.hoisted(() => [] as unknown[][]);
vi.mock('../ops/log', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../ops/log')>()),
  log: (...args: unknown[]) => void logged.push(args),
}));

afterEach(() => vi.restoreAllMocks());

describe('describeError', () => {
  it('translates an AppError with its parameters, including catalogue keys among them', () => {
    const err = new AppError('FORBIDDEN', 'error.permission', { permission: 'perm.users.manage' });
    expect(describeError(err, 'tw')).toEqual({ status: 403, appCode: 'FORBIDDEN', message: '沒有「管理教師」的權限', fields: undefined });
    expect(describeError(err, 'en').message).toBe('You lack the permission "Manage teachers"');
  });

  it('fills the placeholders of field messages too', () => {
    const err = new AppError('BAD_REQUEST', 'clients.permissionNotAllowed', { permission: 'users.manage' }, { permission: 'clients.permissionNotAllowed' });
    expect(describeError(err, 'tw').fields).toEqual({ permission: '權限「users.manage」不在此學校可用的範圍內' });
  });

  it('maps a conflict to 409', () => {
    expect(describeError(new AppError('CONFLICT', 'error.forbidden'), 'tw').status).toBe(409);
  });

  it('names every invalid field, once, from zod issues', () => {
    const schema = z.object({ a: z.string().min(1, 'validation.required'), b: z.number() });
    const result = schema.safeParse({ a: '', b: 'x' });
    const described = describeError(result.error, 'tw');
    expect(described.status).toBe(400);
    expect(described.fields).toEqual({ a: '尚未填入資料', b: '資料格式不正確' });
  });

  it('hides a fault behind a 500 message with no stack, and logs it', () => {
    logged.length = 0;
    const described = describeError(new Error('connection lost at db.ts:42'), 'tw');
    expect(described).toEqual({ status: 500, appCode: 'INTERNAL', message: '系統發生錯誤，請稍後再試' });
    expect(logged.map(([level, msg]) => `${level} ${msg}`)).toEqual(['error fault']);
  });

  it("unwraps a TRPCError's AppError cause", () => {
    const wrapped = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new AppError('NOT_FOUND', 'error.notFound') });
    expect(describeError(wrapped, 'tw')).toMatchObject({ status: 404, message: '找不到資料' });
  });
});
