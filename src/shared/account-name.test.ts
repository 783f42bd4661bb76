import { describe, expect, it } from 'vitest';
import { accountIdentity, hasHiddenCharacters, normaliseAccount, zAccountName } from './account-name';

describe('account names', () => {
  it('gives full-width, upper-case and composed spellings one identity', () => {
    expect(accountIdentity('ｓｅｃｔｅａｃｈａ')).toBe('secteacha');
    expect(accountIdentity('SecTeachA')).toBe('secteacha');
    expect(accountIdentity('straße')).toBe(accountIdentity('STRASSE'));
    expect(accountIdentity('secteacha\u0301')).toBe(accountIdentity('secteachá'));
  });

  it('keeps accented letters distinct from plain ones (the database collation does not)', () => {
    expect(accountIdentity('secteachá')).not.toBe(accountIdentity('secteacha'));
  });

  it('finds control and format characters', () => {
    for (const bad of ['a\u0000b', 'secteacha\u200b', '\u202eabc', 'a\u0007', 'x\u2060y']) expect(hasHiddenCharacters(bad)).toBe(true);
    for (const good of ['teacher', '林老師', 'ｓｅｃ', 'a.b@c-d_e']) expect(hasHiddenCharacters(good)).toBe(false);
  });

  it('refuses hidden characters in the schema and normalises what it lets through', () => {
    const schema = zAccountName('validation.required');
    expect(schema.safeParse('secteacha\u0000').error?.issues[0].message).toBe('validation.accountHiddenChars');
    expect(schema.parse(' ｔｅａｃｈｅｒ ')).toBe('teacher');
    expect(normaliseAccount('Lin')).toBe('Lin');
  });
});
