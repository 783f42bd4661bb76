import { describe, expect, it } from 'vitest';
import { sanitizeCss } from './sanitize-page';

describe('sanitizeCss', () => {
  it('drops image-set() and src() that name a remote URL as a bare string', () => {
    for (const css of [
      'background-image: image-set("http://evil.test/a.png" 1x)',
      "background-image: -webkit-image-set('https://evil.test/a.png' 1x, '/assets/cards/1/a.png' 2x)",
      'background-image: image-set("//evil.test/a.png" type("image/png"))',
      'background-image: src("http://evil.test/a.png")',
    ]) {
      expect(sanitizeCss(css)).not.toMatch(/evil/);
    }
  });

  it('keeps image-set() of our own assets and data URLs', () => {
    const local = 'background-image: image-set("/assets/cards/1/a.png" 1x, url("data:image/png;base64,AAAA") 2x)';
    expect(sanitizeCss(local)).toBe(local);
  });

  it('still drops a remote url()', () => {
    expect(sanitizeCss('background: url(http://evil.test/x.png)')).toBe('background: none');
  });
});
