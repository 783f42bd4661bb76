import { describe, expect, it } from 'vitest';
import { loadCardMap } from './card-map';

const v1 = { version: 1, page: { w: 595.28, h: 841.89 }, pages: 1, bubbles: [], groups: [], header: null };

describe('loadCardMap', () => {
  it('parses a stored map by its key, and is null without a key or without the file', async () => {
    const files = new Map([['pdf/7/geometry.json', new TextEncoder().encode(JSON.stringify(v1))]]);
    const read = async (key: string) => files.get(key) ?? null;
    expect(await loadCardMap(read, 'pdf/7/geometry.json')).toMatchObject({ version: 1, pages: 1 });
    expect(await loadCardMap(read, null)).toBeNull();
    expect(await loadCardMap(read, 'pdf/8/geometry.json')).toBeNull();
  });

  it('refuses a stored file that is not a map', async () => {
    await expect(loadCardMap(async () => new TextEncoder().encode('{"version":3}'), 'k')).rejects.toThrow();
  });
});
