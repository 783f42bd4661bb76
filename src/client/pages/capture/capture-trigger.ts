import type { Point } from '../../../scan/homography';
import type { SheetCorners } from './detect';

/**
 * When the capture screen takes its picture (docs/scan-batches.md "Capture with a phone"): a sheet
 * whose four corners have stayed within a few pixels for half a second and whose marks are sharp.
 * After a capture it waits for that sheet to go (out of view for a moment, or moved well away —
 * the next sheet laid on top) before it captures again, so one sheet is taken once.
 */
export const STEADY_MS = 500;
/** Corner drift allowed while steady, in pixels of a 640-pixel frame (scaled to the frame given). */
export const STEADY_PX_AT_640 = 4;
export const SHARP_ENOUGH = 0.5;
/** How long no sheet must be seen before the next capture is armed. */
export const GONE_MS = 300;
/** A sheet whose corners moved this share of its diagonal is another sheet. */
const ANOTHER_SHEET = 0.25;

export type TriggerState = 'searching' | 'holding' | 'blurred' | 'capture' | 'taken';

const NAMES = ['tl', 'tr', 'br', 'bl'] as const;
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const drift = (a: SheetCorners, b: SheetCorners) => Math.max(...NAMES.map((n) => distance(a[n], b[n])));

export class CaptureTrigger {
  private armed = true;
  private since = 0;
  private anchor: SheetCorners | null = null;
  private taken: SheetCorners | null = null;
  private goneSince: number | null = null;
  private readonly steadyPx: number;
  /** When the sheet of the last automatic capture had come to rest (ms, the caller's clock). */
  restedAt: number | null = null;

  constructor(frameLongSide = 640) {
    this.steadyPx = (STEADY_PX_AT_640 * frameLongSide) / 640;
  }

  /** Since when the sheet in view has stood still (ms, the caller's clock), or null. */
  get steadySince(): number | null {
    return this.anchor ? this.since : null;
  }

  /** One detected frame at time `t` (ms): what the screen shows, and `capture` once when it should take the picture. */
  update(t: number, corners: SheetCorners | null, sharpness: number): TriggerState {
    if (!corners) {
      this.anchor = null;
      if (!this.armed) {
        this.goneSince ??= t;
        if (t - this.goneSince >= GONE_MS) this.rearm();
      }
      return this.armed ? 'searching' : 'taken';
    }
    this.goneSince = null;
    if (!this.armed) {
      if (this.taken && drift(corners, this.taken) > ANOTHER_SHEET * distance(this.taken.tl, this.taken.br)) this.rearm();
      else return 'taken';
    }
    if (!this.anchor || drift(corners, this.anchor) > this.steadyPx) {
      this.anchor = corners;
      this.since = t;
    }
    if (t - this.since < STEADY_MS) return 'holding';
    if (sharpness < SHARP_ENOUGH) return 'blurred';
    this.restedAt = this.since;
    this.took(corners);
    return 'capture';
  }

  /** A picture was taken (automatically, or by the shutter button): wait for this sheet to go. */
  took(corners: SheetCorners | null): void {
    this.armed = false;
    this.taken = corners;
    this.anchor = null;
    this.goneSince = null;
  }

  private rearm(): void {
    this.armed = true;
    this.taken = null;
    this.anchor = null;
    this.goneSince = null;
  }
}
