import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { OverlayContent } from './overlay-content';

const text = (content: OverlayContent) => inflateSync(content.toDeflated()).toString('latin1');

describe('OverlayContent', () => {
  it('writes shapes as one black filled path inside a saved graphics state', () => {
    const content = new OverlayContent();
    content.rect(10, 20, 1.5, 30);
    content.ellipse(100, 200, 3, 3);
    content.fillPath();
    content.text('AcsStudent', 12, 50.123, 60, '<0001>');
    const ops = text(content).trim().split('\n');
    expect(ops[0]).toBe('q 0 g');
    expect(ops).toContain('10.00 20.00 1.50 30.00 re');
    expect(ops).toContain('103.00 200.00 m');
    expect(ops.filter((op) => op.endsWith(' c') || op.endsWith(' c h'))).toHaveLength(4);
    expect(ops).toContain('f');
    expect(ops).toContain('BT /AcsStudent 12.00 Tf 50.12 60.00 Td <0001> Tj ET');
    expect(ops.at(-1)).toBe('Q');
  });

  it('paints nothing when nothing was added', () => {
    const content = new OverlayContent();
    content.fillPath();
    expect(text(content)).toBe('q 0 g\nQ\n');
  });
});
