import { expect } from 'vitest';
import { page } from './card-browser';

// Driving 線上閱卷 (src/client/pages/grading) as a teacher does: choose a question, write its
// rubric, grade every student by keyboard. Used by tests/e2e/grading*.test.ts.

const soon = { timeout: 30_000, interval: 100 };

/** Opens 線上閱卷 at question `option` (its label, e.g. 「第 7 題（8 分）」) with `students` sheets, none graded yet. */
export async function openQuestion(option: string, students: number): Promise<void> {
  await page.getByTestId('scan-tab-grading').click();
  await expect.poll(() => page.getByTestId('grading-screen').isVisible(), soon).toBe(true);
  await page.getByTestId('grading-question').click();
  await page.getByRole('option', { name: option }).click();
  await expect.poll(() => page.getByTestId('grading-progress').textContent(), soon).toBe(`已評分 0 / ${students}`);
}

/** Writes the question's rubric, item after item (keys 1, 2, …), and waits for the items and the first crop. */
export async function writeRubric(items: { points: string; description: string }[]): Promise<void> {
  await page.getByTestId('rubric-edit').click();
  for (const [i, item] of items.entries()) {
    await page.getByTestId('rubric-add').click();
    await page.getByTestId(`rubric-points-${i + 1}`).fill(item.points);
    await page.getByTestId(`rubric-description-${i + 1}`).fill(item.description);
  }
  await page.getByTestId('rubric-save').click();
  await expect.poll(() => page.getByTestId(`grading-item-${items.length}`).isVisible(), soon).toBe(true);
  // Saved: the editor closes, and its button is there to open it again.
  await expect.poll(() => page.getByTestId('rubric-editor').count(), soon).toBe(0);
  await expect.poll(() => page.getByTestId('rubric-edit').isVisible(), soon).toBe(true);
  await expect.poll(() => page.getByTestId('grading-crop').isVisible(), soon).toBe(true);
}

/** Grades `students` sheets in seat order by keyboard: the rubric keys `keysOf(i)`, then Enter saves and moves on; all graded at the end. */
export async function gradeByKeyboard(students: number, keysOf: (i: number) => string[]): Promise<void> {
  for (let i = 0; i < students; i++) {
    await expect.poll(() => page.getByTestId('grading-student').textContent(), soon).toMatch(new RegExp(`^${i + 1} `));
    for (const key of keysOf(i)) await page.keyboard.press(key);
    await page.keyboard.press('Enter');
  }
  await expect.poll(() => page.getByTestId('grading-progress').textContent(), soon).toBe(`已評分 ${students} / ${students}`);
}
