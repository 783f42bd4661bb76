import { expect } from 'vitest';
import { page, signIn, visit } from './card-browser';

// Driving the page editor as a teacher does (tests/e2e/editor.test.ts): palette clicks, dialogs,
// alerts and the canvas, found by the test ids of src/client/pages/editor/README.md.

export const canvas = () => page.getByTestId('editor-canvas');
export const questions = () => canvas().locator('[data-omr="group"]');

export async function palette(item: string): Promise<void> {
  await page.getByTestId(`palette-${item}`).click();
}

/** Selects a block by its layer in the layers panel (the canvas is busy with bubbles). */
export async function selectLayer(nth: number, label: string): Promise<void> {
  await page.getByTestId('editor-layers').getByRole('button', { name: label, exact: true }).nth(nth).click();
}

export async function confirmDialog(): Promise<void> {
  await page.getByTestId('dialog-confirm').click();
}

/** The alert shows `text`; it is closed. */
export async function expectAlert(text: string): Promise<void> {
  await expect.poll(() => page.getByTestId('global-alert').textContent()).toContain(text);
  await page.getByTestId('global-alert-ok').click();
  await expect.poll(() => page.getByTestId('global-alert').count()).toBe(0);
}

export async function save(): Promise<void> {
  await page.getByTestId('editor-save').click();
  await expect.poll(() => page.getByText('儲存成功').first().isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => page.getByTestId('editor-saving').count()).toBe(0);
}

/** The editor shows page `n` (after the save and load a page change does), with nothing in flight. */
export async function waitLoaded(n = 1): Promise<void> {
  await expect.poll(() => page.locator(`[data-testid="editor"][data-page="${n}"]`).count(), { timeout: 20_000 }).toBe(1);
  await expect.poll(() => canvas().count()).toBe(1);
  await expect.poll(() => page.locator('[data-testid="editor-loading"], [data-testid="editor-saving"]').count()).toBe(0);
}

/** The demo teacher signs in and opens page 1 of the card in the editor, at a size that shows every panel. */
export async function openEditorAsTeacher(guid: string): Promise<void> {
  await signIn('demo', 'teacher', 'teacher123');
  await page.setViewportSize({ width: 1700, height: 1150 });
  await visit(`/cards/content/${guid}`);
  await waitLoaded();
}
