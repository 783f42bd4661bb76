import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { greyJpeg } from './grey-jpeg';

/** A page-like grey image: paper with a soft gradient, black squares, thin lines, a pencil-grey patch; sizes not a multiple of 8. */
function pageLike(width: number, height: number) {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = 230 - Math.round((20 * x) / width);
      if (x % 37 === 0 || y % 29 === 0) v = 40;
      if (x > 10 && x < 30 && y > 12 && y < 32) v = 12;
      if (x > width / 2 && x < width / 2 + 24 && y > height / 2 && y < height / 2 + 16) v = 120;
      data[y * width + x] = v;
    }
  }
  return { width, height, data };
}

async function decoded(jpeg: Uint8Array) {
  const { data, info } = await sharp(jpeg).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, info, meta: await sharp(jpeg).metadata() };
}

describe('the capture screen’s one-channel JPEG', () => {
  it('is a baseline JPEG of one channel that a decoder reads back as the image, within JPEG’s error', async () => {
    const image = pageLike(203, 157);
    const jpeg = greyJpeg(image, 85);
    const { data, info, meta } = await decoded(jpeg);
    expect(meta).toMatchObject({ format: 'jpeg', width: 203, height: 157, channels: 1, isProgressive: false });
    expect(info.channels).toBe(1);
    let squared = 0;
    let worst = 0;
    for (let i = 0; i < data.length; i++) {
      const e = data[i] - image.data[i];
      squared += e * e;
      worst = Math.max(worst, Math.abs(e));
    }
    const psnr = 10 * Math.log10((255 * 255) / (squared / data.length));
    expect(psnr).toBeGreaterThan(33);
    // The flat paper (a block without lines) and the black square come back within a few levels.
    expect(Math.abs(data[45 * 203 + 60] - image.data[45 * 203 + 60])).toBeLessThanOrEqual(3);
    expect(Math.abs(data[20 * 203 + 20] - 12)).toBeLessThanOrEqual(6);
    expect(worst).toBeLessThan(80);
  });

  it('keeps more at a higher quality, and as much as the canvas’s three-channel file at the same quality', async () => {
    const image = pageLike(320, 240);
    const err = async (q: number) => {
      const { data } = await decoded(greyJpeg(image, q));
      return data.reduce((sum, v, i) => sum + Math.abs(v - image.data[i]), 0) / data.length;
    };
    const [low, high] = [await err(50), await err(95)];
    expect(high).toBeLessThan(low);
    const reference = await sharp(Buffer.from(image.data), { raw: { width: 320, height: 240, channels: 1 } }).jpeg({ quality: 85 }).toBuffer();
    const { data: ref } = await sharp(reference).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const refErr = ref.reduce((sum, v, i) => sum + Math.abs(v - image.data[i]), 0) / ref.length;
    expect(await err(85)).toBeLessThan(refErr * 1.25);
  });

  it('encodes a flat page and the extremes (all black, all white) without a stray byte', async () => {
    for (const level of [0, 255, 128]) {
      const image = { width: 17, height: 9, data: new Uint8Array(17 * 9).fill(level) };
      const { data } = await decoded(greyJpeg(image));
      expect(Math.max(...Array.from(data, (v) => Math.abs(v - level)))).toBeLessThanOrEqual(2);
    }
  });
});
