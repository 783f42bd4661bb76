import { describe, expect, it } from 'vitest';
import { assetContentType, assetKeyOf, assetUrl } from './asset-origin';

describe('the asset origin', () => {
  it('round-trips storage keys, CJK and spaces included', () => {
    const key = 'cards/12/校徽 logo.png';
    expect(assetUrl(key)).toBe('http://card-assets.invalid/cards/12/%E6%A0%A1%E5%BE%BD%20logo.png');
    expect(assetKeyOf(assetUrl(key))).toBe(key);
  });

  it('names no key for other origins or decorated URLs', () => {
    expect(assetKeyOf('http://card-assets.invalid.example.com/a.png')).toBeNull();
    expect(assetKeyOf('https://card-assets.invalid/a.png')).toBeNull();
    expect(assetKeyOf('http://card-assets.invalid/a.png?x=1')).toBeNull();
    expect(assetKeyOf('http://user@card-assets.invalid/a.png')).toBeNull();
    expect(assetKeyOf('http://card-assets.invalid/')).toBeNull();
    expect(assetKeyOf('not a url')).toBeNull();
  });

  it('serves only the kinds a card may hold', () => {
    expect(assetContentType('a/b.PNG')).toBe('image/png');
    expect(assetContentType('a/b.html')).toBeNull();
    expect(assetContentType('a/b.js')).toBeNull();
  });
});
