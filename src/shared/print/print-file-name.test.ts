import { describe, expect, it } from 'vitest';
import { fileStamp, printFileName, windowsSafe } from './print-file-name';

describe('print-log file names', () => {
  const at = new Date('2026-11-21T01:30:00Z'); // 09:30 in Taipei

  it('carry title, grade and class, order and the school time', () => {
    expect(printFileName({ title: '卷名', grade: 8, klass: 3, order: 'seat', at })).toBe('卷名_8年3班_座號_1121-0930.pdf');
    expect(printFileName({ title: '卷名', grade: 8, order: 'sort', at })).toBe('卷名_8年級_學號_1121-0930.pdf');
    expect(fileStamp(new Date('2026-12-31T16:05:00Z'))).toBe('0101-0005');
  });

  it('are safe on Windows', () => {
    expect(windowsSafe('期中考: 數學/英文 <A>?*|"')).toBe('期中考_ 數學_英文 _A_____');
    expect(windowsSafe('結尾...  ')).toBe('結尾');
    expect(windowsSafe('CON')).toBe('_CON');
    expect(windowsSafe('   ')).toBe('_');
    expect(windowsSafe('題\u0007目')).toBe('題_目');
    expect([...windowsSafe('長'.repeat(200))]).toHaveLength(80);
  });
});
