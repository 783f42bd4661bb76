import { describe, expect, it } from 'vitest';
import { charstringFromPath, type PathCommand } from './cff-charstrings';
import { loadCjkFace } from './cjk-font';

/** Reads back what charstringFromPath writes (numbers, rmoveto, rlineto, rrcurveto, endchar). */
function decode(bytes: Uint8Array): Array<{ op: number; points: number[] }> {
  const ops: Array<{ op: number; points: number[] }> = [];
  let stack: number[] = [];
  let [x, y] = [0, 0];
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    if (b >= 32 && b <= 246) { stack.push(b - 139); i += 1; continue; }
    if (b >= 247 && b <= 250) { stack.push((b - 247) * 256 + bytes[i + 1] + 108); i += 2; continue; }
    if (b >= 251 && b <= 254) { stack.push(-(b - 251) * 256 - bytes[i + 1] - 108); i += 2; continue; }
    if (b === 28) { stack.push(((bytes[i + 1] << 24) | (bytes[i + 2] << 16)) >> 16); i += 3; continue; }
    if (b === 255) { stack.push(((bytes[i + 1] << 24) | (bytes[i + 2] << 16) | (bytes[i + 3] << 8) | bytes[i + 4]) / 65536); i += 5; continue; }
    const points: number[] = [];
    for (let k = 0; k < stack.length; k += 2) {
      [x, y] = [x + stack[k], y + stack[k + 1]];
      points.push(x, y);
    }
    ops.push({ op: b, points });
    stack = [];
    i += 1;
  }
  return ops;
}

const OPS: Record<string, number> = { moveTo: 21, lineTo: 5, bezierCurveTo: 8 };

describe('charstringFromPath', () => {
  it.each(['王', '陳', '娜', '１', '7', 'A', 'g'])('writes the outline of %s point for point', (char) => {
    const face = loadCjkFace();
    const commands = face.glyphForCodePoint(char.codePointAt(0) ?? 0).path.commands as PathCommand[];
    const drawn = commands.filter((command) => command.command !== 'closePath');
    expect(drawn.length).toBeGreaterThan(3);
    const decoded = decode(charstringFromPath(commands));
    expect(decoded.at(-1)).toEqual({ op: 14, points: [] }); // endchar
    expect(decoded.slice(0, -1).map((entry) => entry.op)).toEqual(drawn.map((command) => OPS[command.command]));
    decoded.slice(0, -1).forEach((entry, index) => {
      entry.points.forEach((value, k) => expect(value).toBeCloseTo(drawn[index].args[k], 3));
    });
  });

  it('encodes every number range of Type 2, fractions included', () => {
    const commands = [-40000 / 2, -1131, -108, -107, 0, 107, 108, 1131, 1132, 20000, 12.5, -0.25].map((value) => ({ command: 'lineTo', args: [value, 0] }));
    const decoded = decode(charstringFromPath(commands));
    expect(decoded.slice(0, -1).map((entry) => entry.points[0])).toEqual(commands.map((command) => command.args[0]));
  });

  it('turns a quadratic segment into the equivalent cubic', () => {
    const [curve] = decode(charstringFromPath([{ command: 'moveTo', args: [0, 0] }, { command: 'quadraticCurveTo', args: [30, 60, 90, 0] }])).slice(1);
    expect(curve.op).toBe(8);
    [20, 40, 50, 40, 90, 0].forEach((value, k) => expect(curve.points[k]).toBeCloseTo(value, 3));
  });
});
