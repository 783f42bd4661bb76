import { describe, expect, it } from 'vitest';
import { code128Widths, fitBars, QUIET_ZONE_MODULES } from './barcode-bars';

describe('code128Widths', () => {
  it('is a Code 128 symbol: 11 modules per character, a 13-module stop, bars first and last', () => {
    const widths = code128Widths('C42-1120701');
    const modules = widths.reduce((sum, width) => sum + width, 0);
    expect((modules - 13) % 11).toBe(0);
    expect(widths.length % 2).toBe(1);
    expect(widths.every((width) => width >= 1 && width <= 4)).toBe(true);
  });

  it('differs between students', () => {
    expect(code128Widths('C42-1120701')).not.toEqual(code128Widths('C42-1120702'));
  });
});

describe('fitBars', () => {
  const rect = { x: 230, y: 93, w: 164, h: 40 };
  const widths = code128Widths('C42-1120701');

  it('keeps every bar inside the rect with a quiet zone on each side', () => {
    const { bars, module } = fitBars(widths, rect);
    expect(bars.length).toBe((widths.length + 1) / 2);
    expect(bars[0].x).toBeCloseTo(rect.x + QUIET_ZONE_MODULES * module);
    const last = bars[bars.length - 1];
    expect(last.x + last.w).toBeCloseTo(rect.x + rect.w - QUIET_ZONE_MODULES * module);
    for (const bar of bars) {
      expect(bar.y).toBeGreaterThan(rect.y);
      expect(bar.y + bar.h).toBeLessThan(rect.y + rect.h);
    }
  });

  it('draws each bar as wide as its modules in the encoding', () => {
    const { bars, module } = fitBars(widths, rect);
    expect(bars.map((bar) => Math.round(bar.w / module))).toEqual(widths.filter((_, index) => index % 2 === 0));
  });
});
