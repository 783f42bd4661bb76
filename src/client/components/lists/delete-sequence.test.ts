import { afterEach, describe, expect, it, vi } from 'vitest';
import { runDeleteSequence } from './delete-sequence';

afterEach(() => vi.useRealTimers());

describe('runDeleteSequence (back-office.md §4 delete flows)', () => {
  it('keeps the spinner until 0.5 s and answers at 1 s after the confirm', async () => {
    vi.useFakeTimers();
    const spinner: [boolean, number][] = [];
    const start = Date.now();
    const done = runDeleteSequence(async () => 'gone', (open) => spinner.push([open, Date.now() - start]));
    let answered: number | undefined;
    void done.then(() => (answered = Date.now() - start));
    await vi.advanceTimersByTimeAsync(499);
    expect(spinner).toEqual([[true, 0]]);
    await vi.advanceTimersByTimeAsync(1);
    expect(spinner).toEqual([[true, 0], [false, 500]]);
    expect(answered).toBeUndefined();
    await vi.advanceTimersByTimeAsync(500);
    expect(answered).toBe(1000);
    expect(await done).toEqual({ ok: true, value: 'gone' });
  });

  it('closes the spinner at once when the call fails', async () => {
    const spinner: boolean[] = [];
    const result = await runDeleteSequence(() => Promise.reject(new Error('409')), (open) => spinner.push(open));
    expect(result).toEqual({ ok: false });
    expect(spinner).toEqual([true, false]);
  });
});
