import { homographyFrom4, type Point } from '../../src/scan/homography';
import { A4_PT } from '../../src/shared/geometry/card-geometry';
import { PAGE_CODE_RECT, SCAN_MARKS } from '../../src/shared/geometry/scan-layout';
import { seeded } from './seeded-random';

// A phone camera's view of a sheet on a desk, for the capture screen's tests: a page image (any
// dpi) drawn into a frame through a perspective (the paper's four corners in the frame), on a desk
// of a darker grey; written as a Y4M stream for Chromium's fake camera.

export type Gray = { width: number; height: number; data: Uint8Array };
export type Quad = { tl: Point; tr: Point; br: Point; bl: Point };

/** A blank A4 page with only its four registration marks and a code square (random modules where the page code goes), at `dpi`. */
export function marksOnlyPage(dpi: number): Gray {
  const width = Math.round((A4_PT.w / 72) * dpi);
  const height = Math.round((A4_PT.h / 72) * dpi);
  const data = new Uint8Array(width * height).fill(240);
  const s = dpi / 72;
  for (const m of SCAN_MARKS) {
    for (let y = Math.round(m.rect.y * s); y < Math.round((m.rect.y + m.rect.h) * s); y++) data.fill(25, y * width + Math.round(m.rect.x * s), y * width + Math.round((m.rect.x + m.rect.w) * s));
  }
  const rng = seeded(29);
  const n = 25;
  const r = PAGE_CODE_RECT;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      if (rng() < 0.5) continue;
      for (let y = Math.round((r.y + (j * r.h) / n) * s); y < Math.round((r.y + ((j + 1) * r.h) / n) * s); y++) data.fill(25, y * width + Math.round((r.x + (i * r.w) / n) * s), y * width + Math.round((r.x + ((i + 1) * r.w) / n) * s));
    }
  }
  return { width, height, data };
}

/** The quad of a sheet `share` of the frame's height, centred, turned `deg`, its top edge `keystone` shorter (a tilted phone). */
export function sheetQuad(frameW: number, frameH: number, share: number, deg = 0, keystone = 0): Quad {
  const h = frameH * share;
  const w = (h * A4_PT.w) / A4_PT.h;
  const top = (w * (1 - keystone)) / 2;
  const raw: Quad = { tl: { x: -top, y: -h / 2 }, tr: { x: top, y: -h / 2 }, br: { x: w / 2, y: h / 2 }, bl: { x: -w / 2, y: h / 2 } };
  const r = (deg * Math.PI) / 180;
  const turn = (p: Point): Point => ({ x: frameW / 2 + p.x * Math.cos(r) - p.y * Math.sin(r), y: frameH / 2 + p.x * Math.sin(r) + p.y * Math.cos(r) });
  return { tl: turn(raw.tl), tr: turn(raw.tr), br: turn(raw.br), bl: turn(raw.bl) };
}

/**
 * The frame: each pixel inside the quad sampled (bilinear) from the page, the rest a desk grey with
 * a soft light gradient; `blurPx` > 0 blurs the whole frame (a box blur, three passes ≈ Gaussian).
 */
export function phoneFrame(page: Gray, frameW: number, frameH: number, quad: Quad, o: { desk?: number; blurPx?: number } = {}): Gray {
  const toPage = homographyFrom4([quad.tl, quad.tr, quad.br, quad.bl], [{ x: 0, y: 0 }, { x: page.width, y: 0 }, { x: page.width, y: page.height }, { x: 0, y: page.height }]);
  if (!toPage) throw new Error('a degenerate quad');
  const [a, b, c, d, e, f, g, h, i] = toPage;
  const data = new Uint8Array(frameW * frameH);
  const desk = o.desk ?? 110;
  for (let y = 0; y < frameH; y++) {
    for (let x = 0; x < frameW; x++) {
      const w = g * x + h * y + i;
      const px = (a * x + b * y + c) / w;
      const py = (d * x + e * y + f) / w;
      let v: number;
      if (px < 0 || py < 0 || px >= page.width - 1 || py >= page.height - 1) v = desk + (20 * x) / frameW;
      else {
        const ix = px | 0;
        const iy = py | 0;
        const fx = px - ix;
        const fy = py - iy;
        const p = iy * page.width + ix;
        const t = page.data[p] + (page.data[p + 1] - page.data[p]) * fx;
        const u = page.data[p + page.width] + (page.data[p + page.width + 1] - page.data[p + page.width]) * fx;
        // Room light falls off a little towards the bottom of the frame.
        v = (t + (u - t) * fy) * (1 - (0.08 * y) / frameH);
      }
      data[y * frameW + x] = Math.round(v);
    }
  }
  const frame = { width: frameW, height: frameH, data };
  return o.blurPx ? boxBlur(boxBlur(boxBlur(frame, o.blurPx), o.blurPx), o.blurPx) : frame;
}

function boxBlur(image: Gray, radius: number): Gray {
  const { width, height, data } = image;
  const r = Math.max(1, Math.round(radius));
  const across = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0, n = 0;
      for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r); k++, n++) sum += data[y * width + k];
      across[y * width + x] = Math.round(sum / n);
    }
  }
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0, n = 0;
      for (let k = Math.max(0, y - r); k <= Math.min(height - 1, y + r); k++, n++) sum += across[k * width + x];
      out[y * width + x] = Math.round(sum / n);
    }
  }
  return { width, height, data: out };
}

/**
 * A Y4M (YUV4MPEG2, 4:2:0) stream of `frames` grey frames at `fps`, as Chromium's
 * `--use-file-for-fake-video-capture` plays it (looping). Grey is video-range luma (16–235), chroma neutral.
 */
export function y4mOf(frames: readonly Gray[], fps: number): Buffer {
  const { width, height } = frames[0];
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  const chroma = Buffer.alloc(2 * Math.ceil(width / 2) * Math.ceil(height / 2), 128);
  const parts: Buffer[] = [header];
  for (const frame of frames) {
    const luma = Buffer.alloc(width * height);
    for (let j = 0; j < luma.length; j++) luma[j] = 16 + Math.round((frame.data[j] * 219) / 255);
    parts.push(Buffer.from('FRAME\n'), luma, chroma);
  }
  return Buffer.concat(parts);
}
