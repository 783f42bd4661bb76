import { TRPCError } from '@trpc/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { fieldMessages } from '../../shared/i18n/messages/fields';
import { assertWithin } from '../services/clients/client-permissions';
import { describeError, fromIssues } from './describe-error';

// Faults go to the JSON log (src/core/ops/log.ts), one line each: record what is logged.
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
    expect(logged.map(([level, msg]) => `${String(level)} ${String(msg)}`)).toEqual(['error fault']);
  });

  it("unwraps a TRPCError's AppError cause", () => {
    const wrapped = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new AppError('NOT_FOUND', 'error.notFound') });
    expect(describeError(wrapped, 'tw')).toMatchObject({ status: 404, message: '找不到資料' });
  });
  it('names a field by its label in the message, never by its raw key (data_mode is 卷卡模式)', () => {
    const schema = z.object({ data_mode: z.array(z.string()).min(1, 'clients.pickOneMode'), admin_name: z.string().min(1, 'validation.required') });
    const described = describeError(schema.safeParse({ data_mode: [], admin_name: '' }).error, 'tw');
    expect(described.message).toBe('輸入資料有誤：卷卡模式（請至少選擇一種卷卡模式）、學校管理者姓名（尚未填入資料）');
    expect(described.fields).toEqual({ data_mode: '請至少選擇一種卷卡模式', admin_name: '尚未填入資料' });
    // Rows of an import and legacy's data wrapper: the deepest named segment; an unnamed field shows its text only.
    expect(fromIssues([{ path: ['r3', 'role'], message: 'validation.required' }], 'en').message).toBe('Invalid input: Role（This field is required）');
    expect(fromIssues([{ path: ['some_key', 0], message: 'validation.required' }], 'tw').message).toBe('輸入資料有誤：尚未填入資料');
  });

  it('renders no labelled field with a raw snake_case key, in either language', () => {
    for (const key of Object.keys(fieldMessages.tw)) {
      const field = key.slice('field.'.length);
      for (const locale of ['tw', 'en'] as const) {
        const message = fromIssues([{ path: ['data', field, 0], message: 'validation.required' }], locale).message;
        expect(message).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
        expect(message).toContain(fieldMessages[locale][key as keyof typeof fieldMessages.tw]);
      }
    }
  });
  it('names a right a school may not have by its label, not its key', () => {
    let thrown: unknown;
    try {
      assertWithin(['cards.view', 'system.clients'], new Set(['cards.view']));
    } catch (error) {
      thrown = error;
    }
    expect(describeError(thrown, 'tw').message).toBe('權限「管理學校」不在此學校可用的範圍內');
    expect(describeError(thrown, 'en').message).not.toContain('system.clients');
  });
});
