import type { Page } from 'playwright-core';

// In-page timing of editor edits. React renders a click's (discrete, sync-lane) update in a
// microtask queued during the click, so a microtask queued after click() returns runs once the
// commit and its layout effects (the layout guard) are done; a forced layout adds the browser's share.

export type EditKind = 'select' | 'add' | 'delete' | 'dialog confirm' | 'undo';

/** Clicks the element with `testId` and times commit + layout, in ms. */
export function timeClick(page: Page, testId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    if (!el) throw new Error(`no element ${id}`);
    const before = document.querySelector('[data-testid="editor-canvas"]')?.innerHTML;
    const t0 = performance.now();
    el.click();
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    void document.body.offsetHeight;
    const ms = performance.now() - t0;
    // A click that changed nothing would time nothing: fail rather than report it.
    if (document.querySelector('[data-testid="editor-canvas"]')?.innerHTML === before) throw new Error(`${id} did not change the page`);
    return ms;
  }, testId);
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** One round on the current page: select a question (timed), then its last question, delete it, add one, give it 4 numbered options, undo. */
export async function editRound(page: Page, times: Record<EditKind, number[]>): Promise<void> {
  const layers = page.getByTestId('editor-layers').locator('[data-testid^="layer-"]');
  // Selecting the layer before the last (the last one is selected after the previous round's undo).
  times.select.push(await timeClick(page, (await layers.nth((await layers.count()) - 2).getAttribute('data-testid')) ?? ''));
  await layers.last().click();
  times.delete.push(await timeClick(page, 'tool-delete'));
  times.add.push(await timeClick(page, 'palette-singleChoice'));
  await page.getByTestId('tool-choice').click();
  await page.getByTestId('field-type-number').click();
  await page.getByTestId('field-count').fill('4');
  times['dialog confirm'].push(await timeClick(page, 'dialog-confirm'));
  await page.getByTestId('dialog-choice').waitFor({ state: 'detached' });
  times.undo.push(await timeClick(page, 'editor-undo'));
}
