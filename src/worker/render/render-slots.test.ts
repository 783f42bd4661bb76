import { describe, expect, it } from 'vitest';
import { RenderSlots } from './render-slots';

describe('RenderSlots', () => {
  it('lets `size` renders in at once and the rest in, in order, as slots are given back', async () => {
    const slots = new RenderSlots(1);
    const order: string[] = [];
    await slots.take();
    const second = slots.take().then(() => order.push('second'));
    const third = slots.take().then(() => order.push('third'));
    await Promise.resolve();
    expect(order).toEqual([]);
    slots.give();
    await second;
    expect(order).toEqual(['second']);
    slots.give();
    await third;
    slots.give();
    await slots.take(); // all given back: a slot is free at once
    expect(order).toEqual(['second', 'third']);
  });
});
