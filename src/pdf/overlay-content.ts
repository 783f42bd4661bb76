import { deflateSync } from 'node:zlib';

/**
 * A page content stream written as PDF operators in a string. pdf-lib's drawing API builds an
 * object per operator and number, then deflates each page's stream with pako; for a few dozen
 * marks per student that bookkeeping costs more than the marks. Here the operators are written
 * directly and deflated once with Node's native zlib. Coordinates are pdf-lib's: bottom-left
 * origin, points.
 */
const KAPPA = 0.5522847498; // control-point distance that makes four Béziers a circle

/**
 * A student's stream is 2–3 KB: zlib's default 32 KB window and 64 KB hash cost more to allocate
 * per stream than the compression itself (4× slower over 400 students) and save nothing.
 */
const SMALL_STREAM = { windowBits: 10, memLevel: 2 };

const n = (value: number) => value.toFixed(2);

export class OverlayContent {
  private readonly ops: string[] = ['q 0 g'];
  private shapes = 0;

  /** A filled rectangle's outline, added to the path filled by `fillPath`. */
  rect(x: number, y: number, w: number, h: number): void {
    this.shapes += 1;
    this.ops.push(`${n(x)} ${n(y)} ${n(w)} ${n(h)} re`);
  }

  /** A filled ellipse's outline, added to the path filled by `fillPath`. */
  ellipse(cx: number, cy: number, rx: number, ry: number): void {
    const kx = rx * KAPPA;
    const ky = ry * KAPPA;
    this.shapes += 1;
    this.ops.push(
      `${n(cx + rx)} ${n(cy)} m`,
      `${n(cx + rx)} ${n(cy + ky)} ${n(cx + kx)} ${n(cy + ry)} ${n(cx)} ${n(cy + ry)} c`,
      `${n(cx - kx)} ${n(cy + ry)} ${n(cx - rx)} ${n(cy + ky)} ${n(cx - rx)} ${n(cy)} c`,
      `${n(cx - rx)} ${n(cy - ky)} ${n(cx - kx)} ${n(cy - ry)} ${n(cx)} ${n(cy - ry)} c`,
      `${n(cx + kx)} ${n(cy - ry)} ${n(cx + rx)} ${n(cy - ky)} ${n(cx + rx)} ${n(cy)} c h`,
    );
  }

  /** Fills every shape added so far, in black (the colour set at the start of the stream). */
  fillPath(): void {
    // A paint operator with no path is an error some readers report; skip it when nothing was added.
    if (this.shapes > 0) this.ops.push('f');
    this.shapes = 0;
  }

  /** `glyphs` is the font's hex string for the text (PDFFont.encodeText(...).toString()). */
  text(fontKey: string, size: number, x: number, y: number, glyphs: string): void {
    this.ops.push(`BT /${fontKey} ${n(size)} Tf ${n(x)} ${n(y)} Td ${glyphs} Tj ET`);
  }

  /** Deflated stream contents; the graphics state is restored so nothing leaks to later streams. */
  toDeflated(): Uint8Array {
    return deflateSync(`${this.ops.join('\n')}\nQ\n`, SMALL_STREAM);
  }
}
