import { describe, expect, it } from 'vitest';
import { isDuplicateKey, onDuplicate } from './duplicate-key';

describe('duplicate keys', () => {
  it('turns only a unique-key refusal into the conflict, passing other faults on', async () => {
    const dup = Object.assign(new Error('Duplicate entry'), { code: 'ER_DUP_ENTRY' });
    expect(isDuplicateKey(dup)).toBe(true);
    await expect(onDuplicate(() => Promise.reject(dup), () => new Error('conflict'))).rejects.toThrow('conflict');
    const other = Object.assign(new Error('gone'), { code: 'ECONNRESET' });
    await expect(onDuplicate(() => Promise.reject(other), () => new Error('conflict'))).rejects.toBe(other);
    await expect(onDuplicate(() => Promise.resolve(7), () => new Error('conflict'))).resolves.toBe(7);
  });
});
