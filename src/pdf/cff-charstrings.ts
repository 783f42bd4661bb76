/**
 * Type 2 charstrings (Adobe TN 5177) written from a glyph's outline, without subroutines.
 *
 * Noto Sans CJK keeps its outlines as calls into 28,000 shared local subroutines. A subset that
 * keeps those calls must carry an index of every subroutine slot (unused ones as a bare return):
 * ~90 KB a file, and fontkit's writer spends 150–500 ms laying that index out. Written out in
 * full, a name's glyphs need no subroutines at all. Hints are left out: they steer screen
 * rasterisers at small pixel sizes and change nothing a 300–600 dpi printer draws.
 */
export type PathCommand = { command: string; args: number[] };

const OP = { rmoveto: 21, rlineto: 5, rrcurveto: 8, endchar: 14 } as const;

/** Fixed 16.16 keeps fractional outline points exact to 1/65536 unit. */
function pushNumber(out: number[], value: number): void {
  const rounded = Math.round(value);
  if (Math.abs(value - rounded) > 1e-6) {
    const fixed = Math.round(value * 65536) | 0;
    out.push(255, (fixed >>> 24) & 0xff, (fixed >>> 16) & 0xff, (fixed >>> 8) & 0xff, fixed & 0xff);
  } else if (rounded >= -107 && rounded <= 107) {
    out.push(rounded + 139);
  } else if (rounded >= 108 && rounded <= 1131) {
    out.push(((rounded - 108) >> 8) + 247, (rounded - 108) & 0xff);
  } else if (rounded >= -1131 && rounded <= -108) {
    out.push(((-rounded - 108) >> 8) + 251, (-rounded - 108) & 0xff);
  } else {
    out.push(28, (rounded >> 8) & 0xff, rounded & 0xff);
  }
}

/** `commands` as fontkit's Path holds them: absolute points in font units. */
export function charstringFromPath(commands: readonly PathCommand[]): Uint8Array {
  const out: number[] = [];
  let x = 0;
  let y = 0;
  const to = (nextX: number, nextY: number) => {
    pushNumber(out, nextX - x);
    pushNumber(out, nextY - y);
    [x, y] = [nextX, nextY];
  };
  for (const { command, args } of commands) {
    if (command === 'moveTo') {
      to(args[0], args[1]);
      out.push(OP.rmoveto);
    } else if (command === 'lineTo') {
      to(args[0], args[1]);
      out.push(OP.rlineto);
    } else if (command === 'bezierCurveTo') {
      to(args[0], args[1]);
      to(args[2], args[3]);
      to(args[4], args[5]);
      out.push(OP.rrcurveto);
    } else if (command === 'quadraticCurveTo') {
      // The cubic through the same points: control points two thirds of the way to the quad's.
      const [qx, qy, endX, endY] = args;
      const [startX, startY] = [x, y];
      to(startX + (2 / 3) * (qx - startX), startY + (2 / 3) * (qy - startY));
      to(endX + (2 / 3) * (qx - endX), endY + (2 / 3) * (qy - endY));
      to(endX, endY);
      out.push(OP.rrcurveto);
    }
    // closePath needs no operator: a Type 2 contour closes at the next moveto or at endchar.
  }
  out.push(OP.endchar);
  return Uint8Array.from(out);
}
