import { describe, expect, it } from 'vitest';
import { drawHeaderCode, MIN_MODULE_PT, studentCodeText } from './header-code';
import { OverlayContent } from './overlay-content';

// The header's barcode cell as the renderer lays it out: about 142 × 42 pt.
const cell = { x: 420, y: 120, w: 142, h: 42 };
const width = (text: string) => (size: number) => text.length * size * 0.55;

describe('header code', () => {
  it('encodes the student number as the school keeps it, full-width digits made ASCII', () => {
    expect(studentCodeText(' １１２０３４ ')).toBe('112034');
  });

  it('draws a Code 128 with modules of at least 0.25 mm and the number under it', () => {
    const drawn = drawHeaderCode(new OverlayContent(), 842, cell, '1120701', width('1120701'));
    expect(drawn.kind).toBe('code128');
    if (drawn.kind !== 'code128') return;
    expect(drawn.module).toBeGreaterThanOrEqual(MIN_MODULE_PT);
    expect(drawn.module).toBeLessThanOrEqual(0.4 * (72 / 25.4) + 1e-9);
    expect(drawn.caption).not.toBeNull();
  });

  it('falls back to a QR code when bars would be thinner than 0.25 mm, and to nothing for an empty number', () => {
    const long = 'S2023-ABCDEFGHIJ-0001-XYZ';
    const drawn = drawHeaderCode(new OverlayContent(), 842, cell, long, width(long));
    expect(drawn.kind).toBe('qr');
    if (drawn.kind === 'qr') expect(drawn.module).toBeGreaterThan(0.5 * (72 / 25.4) * 0.9);
    expect(drawHeaderCode(new OverlayContent(), 842, cell, '王小明', width('王小明')).kind).toBe('qr');
    expect(drawHeaderCode(new OverlayContent(), 842, cell, '  ', width('')).kind).toBe('none');
  });
});
