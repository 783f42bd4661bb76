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

  /**
   * A 1-bit image mask painted in black, row 0 at the top: `dark(col, row)` modules are painted.
   * An inline image of ~100 bytes, where the same symbol as rectangles takes kilobytes a page.
   */
  imageMask(x: number, y: number, w: number, h: number, cols: number, rows: number, dark: (col: number, row: number) => boolean): void {
    this.fillPath();
    const bytesPerRow = Math.ceil(cols / 8);
    let hex = '';
    for (let row = 0; row < rows; row++) {
      for (let byte = 0; byte < bytesPerRow; byte++) {
        let bits = 0;
        // Sample 0 paints with the fill colour (an image mask's default Decode [0 1]); 1 leaves the page.
        for (let bit = 0; bit < 8; bit++) bits = (bits << 1) | (byte * 8 + bit < cols && dark(byte * 8 + bit, row) ? 0 : 1);
        hex += bits.toString(16).padStart(2, '0');
      }
    }
    this.ops.push(`q ${n(w)} 0 0 ${n(h)} ${n(x)} ${n(y)} cm BI /W ${cols} /H ${rows} /IM true /BPC 1 /F /AHx ID ${hex}> EI Q`);
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
