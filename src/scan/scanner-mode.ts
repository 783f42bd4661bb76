import { applyHomography, type Homography } from './homography';
import type { GrayImage, ScannerMode } from './page-reading';
import { SCANNER } from './reading-thresholds';

/**
 * How the scanner took a page (docs/scan-reading.md "Scanner modes"): black-and-white (a 1-bit
 * image, or one thresholded to two levels — light pencil may be gone from its pixels), colour
 * (read on its best channel, `colourToGrey`), or grey; and its resolution.
 */

/** Two levels only: almost no sample between black and white, some black. */
export function isTwoLevel(image: GrayImage): boolean {
  let mid = 0;
  let dark = 0;
  let n = 0;
  for (let y = 0; y < image.height; y += 5) {
    for (let x = 0; x < image.width; x += 5, n++) {
      const g = image.data[y * image.width + x];
      if (g < SCANNER.twoLevelEdge) dark++;
      else if (g <= 255 - SCANNER.twoLevelEdge) mid++;
    }
  }
  return n > 0 && dark > 0 && mid / n < SCANNER.maxMidShare;
}

export function modeOf(image: GrayImage): ScannerMode {
  return image.mode ?? (isTwoLevel(image) ? 'bw' : 'gray');
}

/**
 * A colour page to one grey channel. The card's printed outlines and letters are its mark colour
 * (magenta): in the channel where that colour is lightest they all but vanish, while graphite and
 * any dark pen stay dark. The print's colour is the commonest saturated hue of the page; the
 * channel is used only if every other saturated colour there (a blue pen) stays dark in it —
 * otherwise the page is read on its plain grey (luminance), as a grey scan.
 */
export function colourToGrey(rgb: Uint8Array, width: number, height: number, channels: number): { data: Uint8Array; mode: ScannerMode; luma?: Uint8Array } {
  const bins = new Map<string, { n: number; sum: [number, number, number] }>();
  let samples = 0;
  for (let y = 0; y < height; y += 4) {
    for (let x = 0; x < width; x += 4, samples++) {
      const i = (y * width + x) * channels;
      const c: [number, number, number] = [rgb[i], rgb[i + 1], rgb[i + 2]];
      const max = Math.max(...c);
      const min = Math.min(...c);
      if (max - min < SCANNER.saturated) continue;
      const key = `${c.indexOf(max)}${c.indexOf(min)}`;
      const bin = bins.get(key) ?? { n: 0, sum: [0, 0, 0] };
      bin.n++;
      for (let k = 0; k < 3; k++) bin.sum[k] += c[k];
      bins.set(key, bin);
    }
  }
  const ranked = [...bins.values()].sort((a, b) => b.n - a.n);
  const saturated = ranked.reduce((sum, b) => sum + b.n, 0);
  let channel = -1;
  if (ranked.length && saturated >= samples * SCANNER.minColourShare) {
    const print = ranked[0].sum.map((s) => s / ranked[0].n);
    const best = print.indexOf(Math.max(...print));
    const others = ranked.slice(1).filter((b) => b.n >= saturated * SCANNER.otherColourShare);
    if (others.every((b) => b.sum[best] / b.n <= SCANNER.otherColourDark)) channel = best;
  }
  const luma = new Uint8Array(width * height);
  for (let p = 0, i = 0; p < luma.length; p++, i += channels) luma[p] = Math.round(0.299 * rgb[i] + 0.587 * rgb[i + 1] + 0.114 * rgb[i + 2]);
  if (channel < 0) return { data: luma, mode: 'color' };
  const data = new Uint8Array(width * height);
  for (let p = 0, i = channel; p < data.length; p++, i += channels) data[p] = rgb[i];
  return { data, mode: 'color', luma };
}

/** The scan's resolution from the page transform: 100 pt of the map across the page's centre, in pixels. */
export function dpiOf(toImage: Homography): number {
  const a = applyHomography(toImage, { x: 250, y: 420 });
  const b = applyHomography(toImage, { x: 350, y: 420 });
  return Math.round((Math.hypot(b.x - a.x, b.y - a.y) / 100) * 72);
}
