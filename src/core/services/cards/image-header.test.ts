import { describe, expect, it } from 'vitest';
import { gifOf, jpegOf, pngOf, webpOf } from '../../../../tests/support/images';
import { readImageHeader } from './image-header';

describe('readImageHeader', () => {
  it('reads the size of each accepted type from its header', () => {
    expect(readImageHeader(pngOf(300, 120))).toEqual({ type: 'png', width: 300, height: 120 });
    expect(readImageHeader(gifOf(1201, 5))).toEqual({ type: 'gif', width: 1201, height: 5 });
    expect(readImageHeader(jpegOf(640, 1300))).toEqual({ type: 'jpeg', width: 640, height: 1300 });
    expect(readImageHeader(webpOf(1200, 1200))).toEqual({ type: 'webp', width: 1200, height: 1200 });
  });

  it('refuses anything else, including truncated and disguised files', () => {
    expect(readImageHeader(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageHeader(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(readImageHeader(pngOf(10, 10).subarray(0, 20))).toBeNull();
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]))).toBeNull();
    expect(readImageHeader(Buffer.alloc(0))).toBeNull();
  });
});
