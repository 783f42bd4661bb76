import type { Page } from 'playwright-core';

// In-page timing of editor edits. React commits a click's update before click() returns (a
// discrete event), so the time from click to a forced layout is the edit's re-render cost.

export type EditKind = 'add' | 'delete' | 'dialog confirm' | 'undo';

/** Clicks the element with `testId` and times commit + layout, in ms. */
export function timeClick(page: Page, testId: string): Promise<number> {
  return page.evaluate((id) => {
    const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    if (!el) throw new Error(`no element ${id}`);
    const t0 = performance.now();
    el.click();
    void document.body.offsetHeight;
    return performance.now() - t0;
  }, testId);
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** One round on the current page: select its last question, delete it, add one, confirm its choice dialog, undo. */
export async function editRound(page: Page, times: Record<EditKind, number[]>): Promise<void> {
  const layers = page.getByTestId('editor-layers').locator('[data-testid^="layer-"]');
  await layers.last().click();
  times.delete.push(await timeClick(page, 'tool-delete'));
  times.add.push(await timeClick(page, 'palette-singleChoice'));
  await page.getByTestId('tool-choice').click();
  await page.getByTestId('dialog-confirm').waitFor();
  times['dialog confirm'].push(await timeClick(page, 'dialog-confirm'));
  await page.getByTestId('dialog-choice').waitFor({ state: 'detached' });
  times.undo.push(await timeClick(page, 'editor-undo'));
}
