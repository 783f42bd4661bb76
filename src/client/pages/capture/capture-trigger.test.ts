import { describe, expect, it } from 'vitest';
import { CaptureTrigger, GONE_MS, STEADY_MS } from './capture-trigger';
import type { SheetCorners } from './detect';

const sheet = (dx = 0, dy = 0): SheetCorners => ({
  tl: { x: 40 + dx, y: 30 + dy },
  tr: { x: 440 + dx, y: 32 + dy },
  br: { x: 442 + dx, y: 600 + dy },
  bl: { x: 38 + dx, y: 598 + dy },
});

/** Frames every 50 ms (20 frames/s) from `from` to `to`, each through `trigger`; the states seen. */
function run(trigger: CaptureTrigger, from: number, to: number, corners: (t: number) => SheetCorners | null, sharpness = 0.8) {
  const states: { t: number; state: string }[] = [];
  for (let t = from; t <= to; t += 50) states.push({ t, state: trigger.update(t, corners(t), sharpness) });
  return states;
}

describe('the capture trigger', () => {
  it('captures once a sheet has stood still for half a second, and only once', () => {
    const trigger = new CaptureTrigger();
    const states = run(trigger, 0, 3000, () => sheet());
    const captures = states.filter((s) => s.state === 'capture');
    expect(captures).toHaveLength(1);
    expect(captures[0].t).toBe(STEADY_MS);
    expect(trigger.restedAt).toBe(0);
    expect(states.at(-1)?.state).toBe('taken');
  });

  it('ignores a sensor jitter of a pixel or two but starts again when the sheet moves', () => {
    const trigger = new CaptureTrigger();
    const jitter = run(trigger, 0, STEADY_MS, (t) => sheet((t / 50) % 2, 0));
    expect(jitter.at(-1)?.state).toBe('capture');
    const moving = new CaptureTrigger();
    // 10 px a frame: never still.
    expect(run(moving, 0, 2000, (t) => sheet(t / 4, 0)).some((s) => s.state === 'capture')).toBe(false);
    // Moves, then stops at 1 s: captured half a second after it stopped.
    const stops = new CaptureTrigger();
    const states = run(stops, 0, 2000, (t) => sheet(Math.min(t, 1000) / 4, 0));
    expect(states.find((s) => s.state === 'capture')?.t).toBe(1000 + STEADY_MS);
  });

  it('waits while the marks are blurred, and the threshold scales with the frame', () => {
    const blurred = new CaptureTrigger();
    const states = run(blurred, 0, 1000, () => sheet(), 0.2);
    expect(states.at(-1)?.state).toBe('blurred');
    expect(blurred.update(1050, sheet(), 0.7)).toBe('capture');
    // A 1920-pixel frame allows 12 px of drift.
    const big = new CaptureTrigger(1920);
    expect(run(big, 0, STEADY_MS, (t) => sheet((t / 50) % 2 === 0 ? 0 : 10, 0)).at(-1)?.state).toBe('capture');
  });

  it('captures the next sheet after the last one left the view, or when another lies somewhere else', () => {
    const trigger = new CaptureTrigger();
    run(trigger, 0, 600, () => sheet());
    // Gone for less than GONE_MS: the same sheet coming back is not taken again.
    run(trigger, 650, 650 + GONE_MS - 100, () => null);
    expect(run(trigger, 1000, 2000, () => sheet()).some((s) => s.state === 'capture')).toBe(false);
    // Gone long enough: the next sheet is captured half a second after it is still.
    const gone = run(trigger, 2040, 2040 + GONE_MS + 40, () => null);
    expect(gone.at(-1)?.state).toBe('searching');
    const next = run(trigger, 2400, 3400, () => sheet(5, 3));
    expect(next.find((s) => s.state === 'capture')?.t).toBe(2400 + STEADY_MS);
    // A sheet laid beside the last one (its corners far away) is another sheet.
    expect(run(trigger, 3440, 4400, () => sheet(200, 0)).filter((s) => s.state === 'capture')).toHaveLength(1);
  });

  it('after the shutter button, waits for the sheet to go like after an automatic capture', () => {
    const trigger = new CaptureTrigger();
    trigger.update(0, sheet(), 0.8);
    trigger.took(sheet());
    expect(run(trigger, 50, 2000, () => sheet()).every((s) => s.state === 'taken')).toBe(true);
    expect(trigger.steadySince).toBeNull();
  });
});
