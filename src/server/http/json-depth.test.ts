import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from './json-depth';

const bytes = (text: string) => new TextEncoder().encode(text);
const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects together', () => {
    expect(jsonDepthExceeds(bytes('{"a":[{"b":[1]}]}'), 4)).toBe(false);
    expect(jsonDepthExceeds(bytes('{"a":[{"b":[1]}]}'), 3)).toBe(true);
    expect(jsonDepthExceeds(bytes(nested(64)), 64)).toBe(false);
    expect(jsonDepthExceeds(bytes(nested(65)), 64)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds(bytes(JSON.stringify({ s: '[[[[[[[[[[' })), 2)).toBe(false);
    expect(jsonDepthExceeds(bytes(JSON.stringify({ s: 'say \\"[[[[[[' })), 2)).toBe(false);
    expect(jsonDepthExceeds(bytes(JSON.stringify(['卷卡「[[[[」']) ), 1)).toBe(false);
  });

  it('sees depth that only sequential siblings would not reach', () => {
    expect(jsonDepthExceeds(bytes('[[],[],[],[]]'), 2)).toBe(false);
  });
});
