import { describe, expect, it } from 'vitest';
import { formatPageCode, layoutId, parsePageCode } from './page-code';

describe('page code', () => {
  it('round-trips a class print, a blank copy, a key sheet and a plain page', () => {
    for (const code of [
      { document: 1234, layout: '0AZ9', page: 2, student: 987654 },
      { document: 1, layout: 'ZZZZ', page: 1, copy: 12 },
      { document: 77, layout: '0000', page: 3, key: true },
      { document: 36 ** 5, layout: 'A1B2', page: 1 },
      { document: 1234, layout: '0AZ9', page: 2, student: 987654, version: 'B' as const },
      { document: 1, layout: 'ZZZZ', page: 1, copy: 3, version: 'D' as const },
      { document: 77, layout: '0000', page: 3, key: true, version: 'A' as const },
      { document: 77, layout: '0000', page: 1, version: 'C' as const },
    ]) {
      const text = formatPageCode(code);
      expect(text).toMatch(/^AC1\/[0-9A-Z/]+$/);
      expect(parsePageCode(text)).toEqual(code);
    }
    expect(formatPageCode({ document: 1234, layout: '0AZ9', page: 2, student: 987654 })).toBe('AC1/YA/0AZ9/2/SL62U');
    expect(formatPageCode({ document: 1234, layout: '0AZ9', page: 2, student: 987654, version: 'B' })).toBe('AC1/YA/0AZ9/2/SL62U/VB');
  });

  it('reads codes printed before versions as no version', () => {
    expect(parsePageCode('AC1/YA/0AZ9/2/SL62U')).toEqual({ document: 1234, layout: '0AZ9', page: 2, student: 987654 });
    expect(parsePageCode('AC1/YA/0AZ9/2')).toEqual({ document: 1234, layout: '0AZ9', page: 2 });
    expect(parsePageCode('ac1/ya/0az9/2/c4/vb')).toEqual({ document: 1234, layout: '0AZ9', page: 2, copy: 4, version: 'B' });
  });

  it('refuses what is not ours', () => {
    for (const text of ['', 'AC2/1/0000/1', 'AC1/1/000/1', 'AC1/1/0000/0', 'AC1/1/0000/1/X1', 'AC1/1/0000/1/S', 'https://example.com', 'AC1/1/0000/1/S1/C2', 'AC1/1/0000/1/S1/VE', 'AC1/1/0000/1/VB/S1', 'AC1/1/0000/1/S1/VB/VB', 'AC1/1/0000/1/V', 'AC1/1/0000/1/VAB']) {
      expect(parsePageCode(text)).toBeNull();
    }
  });

  it('gives a layout id that changes when a bubble moves', () => {
    const bubbles = [{ page: 1, q: 1, value: 'A', rect: { x: 100, y: 200 } }];
    expect(layoutId(bubbles)).toMatch(/^[0-9A-Z]{4}$/);
    expect(layoutId(bubbles)).toBe(layoutId([...bubbles]));
    expect(layoutId([{ ...bubbles[0], rect: { x: 100, y: 203 } }])).not.toBe(layoutId(bubbles));
  });
});
