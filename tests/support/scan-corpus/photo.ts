import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { applyHomography, homographyFrom4, invertHomography, type Homography, type Point } from '../../../src/scan/homography';
import type { GrayImage } from '../../../src/scan/page-reading';
import type { PageCode } from '../../../src/shared/geometry/page-code';
import { PAGE_CODE_MODULE_MM, PAGE_CODE_RECT, PT_PER_MM } from '../../../src/shared/geometry/scan-layout';
import { CLEAN } from './degrade';
import { scanCorpus, type CorpusOptions, type ScanProfile } from './corpus';
import { rngFrom, type Rng } from './pencil';
import type { ExpectedQuestion } from './student-marks';

/**
 * Phone photos of filled sheets (issue 29): the corpus's clean filled page laid on a desk and
 * taken with a phone camera — a pinhole camera of a 26 mm-equivalent lens (69° across the long
 * side of the frame), tilted `tiltDeg` from square-on towards any side, turned `rotationDeg` about
 * its axis (any angle; a landscape frame for a sheet turned near 90°/270°), at the distance where
 * the sheet's bounding box fills `fraction` of the frame (its limiting side), placed anywhere the
 * slack allows. Then the light: a linear gradient down to 1 − `gradient` across the frame, a hand
 * or phone shadow (a soft-edged, wavy half-plane) over `shadow` of the sheet's area, `shadowDepth`
 * of the light taken away; warm white balance, a wooden desk, sensor noise, Gaussian blur of σ
 * `blurPx` frame pixels, JPEG at `quality`, stored turned with an EXIF orientation tag (`exif` 3, 6
 * or 8) as a phone held sideways writes it. 12 MP is 4000 × 3000, 3 MP 2000 × 1500.
 *
 * Optical blur is angular: the same lens shake is half the pixels on a 3 MP frame, so limits are
 * given in 12 MP pixels (`blurPx` is already in the frame's own pixels).
 */
export type PhotoParams = {
  megapixels: 3 | 12;
  tiltDeg: number;
  rotationDeg: number;
  fraction: number;
  gradient: number;
  shadow: number;
  shadowDepth: number;
  blurPx: number;
  quality: number;
  exif: 1 | 3 | 6 | 8;
};

const PAGE_MM = { w: 210, h: 297 };
const PAGE_PT = { w: 595.28, h: 841.89 };

type Vec = [number, number, number];
const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const scale = (a: Vec, k: number): Vec => [a[0] * k, a[1] * k, a[2] * k];
const norm = (a: Vec): Vec => scale(a, 1 / Math.hypot(...a));
const crossV = (a: Vec, b: Vec): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** Map point (pt) → frame pixel, for a camera at `distance` mm, before the frame shift. */
function camera(p: PhotoParams, frame: { width: number; height: number }, distance: number, azimuth: number): (pt: Point) => Point {
  const f = (26 / Math.hypot(36, 24)) * Math.hypot(frame.width, frame.height);
  const tilt = (p.tiltDeg * Math.PI) / 180;
  const n: Vec = [Math.sin(tilt) * Math.cos(azimuth), Math.sin(tilt) * Math.sin(azimuth), Math.cos(tilt)];
  const c = scale(n, distance);
  const z = scale(n, -1);
  const x0 = norm(sub([1, 0, 0], scale(z, dot([1, 0, 0], z))));
  const y0 = crossV(z, x0);
  const roll = (p.rotationDeg * Math.PI) / 180;
  const xc = sub(scale(x0, Math.cos(roll)), scale(y0, Math.sin(roll)));
  const yc = crossV(z, xc);
  return (pt) => {
    // The page lies with its top-left at (−105, 148.5) mm, its y running down the world's −y.
    const world: Vec = [(pt.x / PAGE_PT.w) * PAGE_MM.w - PAGE_MM.w / 2, -((pt.y / PAGE_PT.h) * PAGE_MM.h - PAGE_MM.h / 2), 0];
    const d = sub(world, c);
    const zc = dot(d, z);
    return { x: (f * dot(d, xc)) / zc + frame.width / 2, y: (f * dot(d, yc)) / zc + frame.height / 2 };
  };
}

const CORNERS: Point[] = [{ x: 0, y: 0 }, { x: PAGE_PT.w, y: 0 }, { x: PAGE_PT.w, y: PAGE_PT.h }, { x: 0, y: PAGE_PT.h }];

/** The frame's size and the homography map points → frame pixels for these parameters (shift drawn from `rng`). */
export function photoGeometry(p: PhotoParams, rng: Rng): { width: number; height: number; toFrame: Homography } {
  const long = p.megapixels === 12 ? 4000 : 2000;
  const short = p.megapixels === 12 ? 3000 : 1500;
  const turned = Math.abs(Math.sin((p.rotationDeg * Math.PI) / 180)) > Math.SQRT1_2;
  const frame = turned ? { width: long, height: short } : { width: short, height: long };
  const azimuth = rng() * 2 * Math.PI;
  let distance = 400;
  let project = camera(p, frame, distance, azimuth);
  let box = { x0: 0, y0: 0, x1: 0, y1: 0 };
  for (let i = 0; i < 6; i++) {
    project = camera(p, frame, distance, azimuth);
    const pts = CORNERS.map(project);
    box = { x0: Math.min(...pts.map((q) => q.x)), y0: Math.min(...pts.map((q) => q.y)), x1: Math.max(...pts.map((q) => q.x)), y1: Math.max(...pts.map((q) => q.y)) };
    const have = Math.max((box.x1 - box.x0) / frame.width, (box.y1 - box.y0) / frame.height);
    distance *= have / p.fraction;
  }
  // Anywhere the slack allows (the whole sheet in view).
  const dx = frame.width / 2 - (box.x0 + box.x1) / 2 + (rng() - 0.5) * Math.max(0, frame.width - (box.x1 - box.x0));
  const dy = frame.height / 2 - (box.y0 + box.y1) / 2 + (rng() - 0.5) * Math.max(0, frame.height - (box.y1 - box.y0));
  const to = CORNERS.map(project).map((q) => ({ x: q.x + dx, y: q.y + dy }));
  return { ...frame, toFrame: homographyFrom4(CORNERS, to)! };
}

/** The sheet (`sheet`, grey, `dpi`) photographed: RGB pixels of the frame, upright (before any EXIF turn). */
export function photograph(sheet: GrayImage, dpi: number, p: PhotoParams, rng: Rng): { width: number; height: number; rgb: Uint8Array; toFrame: Homography } {
  const { width, height, toFrame } = photoGeometry(p, rng);
  const back = invertHomography(toFrame);
  const k = dpi / 72;
  const rgb = new Uint8Array(width * height * 3);
  // Light: gradient direction and the shadow's half-plane (its offset put where it covers `shadow` of the sheet).
  const ga = rng() * 2 * Math.PI;
  const [gx, gy] = [Math.cos(ga), Math.sin(ga)];
  const reach = Math.abs(gx) * width + Math.abs(gy) * height;
  const g0 = Math.min(0, gx * width) + Math.min(0, gy * height);
  const sa = rng() * 2 * Math.PI;
  const [sx, sy] = [Math.cos(sa), Math.sin(sa)];
  const samples: number[] = [];
  for (let j = 0; j < 20; j++) for (let i = 0; i < 20; i++) {
    const q = applyHomography(toFrame, { x: ((i + 0.5) / 20) * PAGE_PT.w, y: ((j + 0.5) / 20) * PAGE_PT.h });
    samples.push(q.x * sx + q.y * sy);
  }
  samples.sort((a, b) => a - b);
  const edge = p.shadow > 0 ? samples[Math.min(samples.length - 1, Math.floor((1 - p.shadow) * samples.length))] : Number.POSITIVE_INFINITY;
  const soft = 0.012 * Math.max(width, height);
  const wave = { amp: 0.015 * Math.max(width, height) * rng(), freq: (2 + 3 * rng()) / Math.max(width, height), phase: rng() * 6.3 };
  const warm = [1, 0.93 + 0.03 * rng(), 0.8 + 0.08 * rng()];
  const noiseTable = Float32Array.from({ length: 4096 }, () => (rng() + rng() + rng() - 1.5) * 2 * 4);
  let ni = (rng() * 4096) | 0;
  const grainPhase = rng() * 100;
  const sw = sheet.width;
  const sh = sheet.height;
  const src = sheet.data;
  for (let y = 0; y < height; y++) {
    // The inverse homography along a row: numerators and denominator linear in x.
    let nx = back[1] * (y + 0.5) + back[2] + back[0] * 0.5;
    let ny = back[4] * (y + 0.5) + back[5] + back[3] * 0.5;
    let nw = back[7] * (y + 0.5) + back[8] + back[6] * 0.5;
    for (let x = 0; x < width; x++, nx += back[0], ny += back[3], nw += back[6]) {
      const u = (nx / nw) * k - 0.5;
      const v = (ny / nw) * k - 0.5;
      let r: number, g: number, b: number;
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      if (x0 >= 0 && y0 >= 0 && x0 < sw - 1 && y0 < sh - 1) {
        const fx = u - x0;
        const fy = v - y0;
        const i = y0 * sw + x0;
        const grey = (src[i] * (1 - fx) + src[i + 1] * fx) * (1 - fy) + (src[i + sw] * (1 - fx) + src[i + sw + 1] * fx) * fy;
        r = grey * warm[0];
        g = grey * warm[1];
        b = grey * warm[2];
      } else {
        // A wooden desk: brown, grain along x with slow waves.
        const grain = 0.85 + 0.1 * Math.sin((y + 40 * Math.sin(x / 300 + grainPhase)) / 9) + 0.05 * Math.sin(x / 57 + y / 700);
        r = 150 * grain;
        g = 108 * grain;
        b = 72 * grain;
      }
      const along = ((x * gx + y * gy - g0) / reach);
      let light = 0.97 - p.gradient * along;
      const s = x * sx + y * sy + wave.amp * Math.sin(wave.freq * (x * -sy + y * sx) + wave.phase) - edge;
      if (s > -soft) light *= 1 - p.shadowDepth * (s >= soft ? 1 : (s + soft) / (2 * soft));
      const o = 3 * (y * width + x);
      const noise = noiseTable[ni++ & 4095];
      rgb[o] = Math.max(0, Math.min(255, r * light + noise));
      rgb[o + 1] = Math.max(0, Math.min(255, g * light + noise));
      rgb[o + 2] = Math.max(0, Math.min(255, b * light + noise));
    }
  }
  return { width, height, rgb, toFrame };
}

/** The frame as a phone stores it: blurred, JPEG, pixels turned so that its EXIF orientation turns them back. */
export async function photoJpeg(photo: { width: number; height: number; rgb: Uint8Array }, p: PhotoParams): Promise<Buffer> {
  let img = sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } });
  if (p.blurPx >= 0.3) img = sharp(await img.blur(p.blurPx).raw().toBuffer(), { raw: { width: photo.width, height: photo.height, channels: 3 } });
  // EXIF 6: shown turned 90° clockwise, so stored turned 90° anticlockwise; 8 the other way; 3 half round.
  const stored = p.exif === 6 ? 270 : p.exif === 8 ? 90 : p.exif === 3 ? 180 : 0;
  if (stored) img = sharp(await img.rotate(stored).raw().toBuffer({ resolveWithObject: false }), { raw: { width: stored === 180 ? photo.width : photo.height, height: stored === 180 ? photo.height : photo.width, channels: 3 } });
  const jpeg = img.jpeg({ quality: p.quality });
  return p.exif === 1 ? jpeg.toBuffer() : jpeg.withMetadata({ orientation: p.exif }).toBuffer();
}

const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();

/** `within` the issue's limits, `beyond` them, or every photo at the limits' `corners` at any turn (drawPhotoParams). */
export type PhotoSet = 'within' | 'beyond' | 'corners';

/**
 * Photo conditions: `within` the issue's limits (tilt ≤ 15°, page ≥ 60 %, shadow ≤ 60 %, blur ≤ 3 px at
 * 12 MP), or `beyond` them. Within: every fourth photo stands at the limits' corner (tilt 15°, the page
 * 60 % of the frame, blur 3 px, a 60 % shadow or a 50 % gradient, JPEG 70, within 15° of a quarter
 * turn): the hardest page the limits allow, so a set of a few dozen holds several. (Turned further,
 * the framing's 60 % is the turned sheet's bounding box and the page itself is smaller — at 45°
 * about 37 % of the frame's long side, its code's modules 3 px of a 12 MP frame: `cornersAnyTurn`
 * leaves the corners at any turn, and the set `corners` makes every photo such a corner;
 * docs/scan-reading.md "Photos (issue 29)" measures them apart.) Beyond: each of tilt, framing, shadow and blur
 * past its limit on its own draw (at least one of them), the others anywhere within — a page beyond
 * in one way only is the one a reader would most likely read, and it must never be read wrong.
 * Two of three photos 12 MP, one 3 MP; every angle of turn (half of them near a quarter turn); EXIF
 * turns as phones write them.
 */
export function drawPhotoParams(rng: Rng, set: PhotoSet, index: number, cornersAnyTurn = false): PhotoParams {
  const megapixels = index % 3 === 2 ? 3 : 12;
  const anyAngle = rng() < 0.5;
  const rotationDeg = anyAngle ? rng() * 360 : Math.floor(rng() * 4) * 90 + between(rng, -15, 15);
  const r = rng();
  const exif: PhotoParams['exif'] = r < 0.15 ? 6 : r < 0.25 ? 8 : r < 0.3 ? 3 : 1;
  const shadowDepth = between(rng, 0.3, 0.55);
  const px12 = (blur12: number) => blur12 * (megapixels === 12 ? 1 : 0.5);
  if ((set === 'within' && index % 4 === 3) || set === 'corners') {
    const shadowed = rng() < 0.5;
    // Within 15° of a quarter turn (the drawn turn pulled in): the page itself fills 60 % of the frame's side.
    const quarter = Math.round(rotationDeg / 90) * 90;
    const nearQuarter = quarter + ((rotationDeg - quarter) * 15) / 45;
    return { megapixels, tiltDeg: 15, rotationDeg: cornersAnyTurn || set === 'corners' ? rotationDeg : nearQuarter, fraction: 0.6, gradient: shadowed ? 0.2 : 0.5, shadow: shadowed ? 0.6 : 0, shadowDepth, blurPx: px12(3), quality: 70, exif };
  }
  // Which limits a page beyond them passes (at least one).
  const past = set === 'beyond' ? [rng() < 0.5, rng() < 0.5, rng() < 0.5, rng() < 0.5] : [false, false, false, false];
  if (set === 'beyond' && !past.some(Boolean)) past[Math.floor(rng() * 4)] = true;
  const [tilt, framing, shade, blur] = past;
  const shadowed = shade || rng() < 0.5;
  return {
    megapixels,
    tiltDeg: tilt ? between(rng, 15, 25) : between(rng, 0, 15),
    rotationDeg,
    fraction: framing ? between(rng, 0.55, 0.6) : between(rng, 0.6, 0.97),
    gradient: between(rng, 0, shade ? 0.7 : 0.5),
    shadow: shade ? between(rng, 0.6, 0.8) : shadowed ? between(rng, 0.1, 0.6) : 0,
    shadowDepth,
    blurPx: px12(blur ? between(rng, 3, 5) : between(rng, 0, 3)),
    quality: Math.round(between(rng, 70, 85)),
    exif,
  };
}

export type PhotoPage = {
  jpeg: Buffer;
  params: PhotoParams;
  /** The blur's σ in modules of the page code where it lies in the frame (≥ 0.55: no decoder reads it; the issue's own finding at σ 4 px). */
  codeBlur: number;
  code: PageCode;
  expected: ExpectedQuestion[];
  digits: { grade: number; class: number; seat: number } | null;
  barcode: string | null;
};

/** σ of the blur in page-code modules (0.6 mm) at the code's place in the frame. */
export function codeBlurOf(toFrame: Homography, blurPx: number): number {
  const c = { x: PAGE_CODE_RECT.x + PAGE_CODE_RECT.w / 2, y: PAGE_CODE_RECT.y + PAGE_CODE_RECT.h / 2 };
  const o = applyHomography(toFrame, c);
  const e = applyHomography(toFrame, { x: c.x + 10, y: c.y });
  const f = applyHomography(toFrame, { x: c.x, y: c.y + 10 });
  const pxPerPt = (Math.hypot(e.x - o.x, e.y - o.y) + Math.hypot(f.x - o.x, f.y - o.y)) / 20;
  return blurPx / (PAGE_CODE_MODULE_MM * PT_PER_MM * pxPerPt);
}

const SOURCE: ScanProfile = { name: 'photo-source', jpegQuality: null, degradation: () => CLEAN };
const SOURCE_DPI = 200;

/**
 * A photo corpus of the card: every page of `students` students of the print from `firstStudent`
 * (0 by default: pass the whole print, never a slice of its students — the pages photographed are
 * the print's own, so a slice would label one student's sheet with another's code) photographed
 * once with conditions of `set`. Made once and kept under the temp folder (keyed by everything that changes it), so the
 * suites and the bench that use it pay for it once.
 */
export async function photoCorpus(o: Omit<CorpusOptions, 'dpi' | 'profile'> & { set: PhotoSet; cornersAnyTurn?: boolean }): Promise<PhotoPage[]> {
  const first = o.firstStudent ?? 0;
  // Keyed by the students photographed (a set from the print's first student keeps the key it always had).
  const ids = o.print?.students.slice(first, first + o.students).map((s) => s.id);
  const key = createHash('sha1')
    .update(JSON.stringify({ v: 4, set: o.set, seed: o.seed, students: o.students, document: o.document, layout: o.map.layout, ids, rates: o.rates ?? null, ...(first ? { first } : {}), ...(o.cornersAnyTurn ? { cornersAnyTurn: true } : {}), ...(o.habits ? { habits: o.habits } : {}) }))
    .digest('hex')
    .slice(0, 16);
  const dir = join(tmpdir(), 'acs-photo-corpus', key);
  const index = join(dir, 'truth.json');
  if (existsSync(index)) {
    const truth = JSON.parse(readFileSync(index, 'utf8')) as Omit<PhotoPage, 'jpeg'>[];
    return truth.map((t, i) => ({ ...t, jpeg: readFileSync(join(dir, `${i}.jpg`)) }));
  }
  mkdirSync(dir, { recursive: true });
  const rng = rngFrom(o.seed * 31 + 7);
  const pages: PhotoPage[] = [];
  for await (const page of scanCorpus({ ...o, dpi: SOURCE_DPI, profile: SOURCE, blankBacks: 0 })) {
    if (!page.code) continue;
    const params = drawPhotoParams(rng, o.set, pages.length, o.cornersAnyTurn);
    const photo = photograph(page.image, SOURCE_DPI, params, rng);
    const jpeg = await photoJpeg(photo, params);
    pages.push({ jpeg, params, codeBlur: codeBlurOf(photo.toFrame, params.blurPx), code: page.code, expected: page.expected, digits: page.digits, barcode: page.barcode });
  }
  pages.forEach((p, i) => writeFileSync(join(dir, `${i}.jpg`), p.jpeg));
  writeFileSync(index, JSON.stringify(pages.map(({ jpeg: _, ...t }) => t)));
  return pages;
}
