import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSessionToken, sessionIdOf } from './session-token';

describe('session tokens', () => {
  it('are 160-bit base32 strings, never repeated', () => {
    const tokens = new Set(Array.from({ length: 200 }, generateSessionToken));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[a-z2-7]{32}$/);
  });

  it('are stored as their SHA-256 hex digest', () => {
    const token = generateSessionToken();
    expect(sessionIdOf(token)).toBe(createHash('sha256').update(token).digest('hex'));
  });
});
