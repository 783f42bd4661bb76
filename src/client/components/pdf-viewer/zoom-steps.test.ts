import { describe, expect, it } from 'vitest';
import { PDF_ZOOM } from '../../../shared/limits';
import { zoomIn, zoomOut, zoomPercent } from './zoom-steps';

describe('viewer zoom', () => {
  it('steps by 0.1 from 1 up to 2 and down to 0.8, without drift', () => {
    let zoom: number = PDF_ZOOM.start;
    const up: number[] = [];
    for (let i = 0; i < 12; i += 1) up.push((zoom = zoomIn(zoom)));
    expect(up).toEqual([1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2, 2, 2]);
    const down: number[] = [];
    for (let i = 0; i < 14; i += 1) down.push((zoom = zoomOut(zoom)));
    expect(down.slice(-4)).toEqual([0.9, 0.8, 0.8, 0.8]);
    expect(zoomPercent(0.8)).toBe('80%');
  });
});
