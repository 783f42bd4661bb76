import { describe, expect, it } from 'vitest';
import { translateMessage } from './i18n/translate';
import { decodeMessage, encodeMessage, keyedMessage } from './keyed-message';

describe('keyed messages (key + parameters across doors, jobs and rows)', () => {
  it('round-trips through a stored row and is translated where shown, a parameter that is a key too', () => {
    const message = keyedMessage('scan.refused.page', { page: 3, reason: 'scan.problem.truncated' });
    const stored = encodeMessage(message);
    expect(stored).toBe('{"key":"scan.refused.page","params":{"page":3,"reason":"scan.problem.truncated"}}');
    expect(decodeMessage(stored)).toEqual(message);
    expect(translateMessage('tw', decodeMessage(stored)!)).toBe('第 3 頁：圖片不完整，無法讀取');
    expect(translateMessage('en', decodeMessage(stored)!)).toBe('Page 3: the image is truncated');
  });

  it('reads a row stored before parameters were (a bare key), and nothing that is not ours', () => {
    expect(decodeMessage('scan.notOurCard')).toEqual({ key: 'scan.notOurCard', params: {} });
    expect(decodeMessage('Error: connect ECONNREFUSED')).toBeNull();
    expect(decodeMessage('{"key":"no.such.key","params":{}}')).toBeNull();
    expect(decodeMessage('{"key":')).toBeNull();
    expect(decodeMessage('{"key":"scan.tooManyPages","params":{"max":2000,"junk":{}}}')).toEqual({ key: 'scan.tooManyPages', params: { max: 2000 } });
  });
});
