/** What a key does in review: move, discard, confirm, a blank answer, or an option letter/digit. */
export type ReviewAction = { type: 'move'; by: number } | { type: 'discard' } | { type: 'confirm' } | { type: 'blank' } | { type: 'option'; option: string };

export function reviewKey(key: string, options: readonly string[]): ReviewAction | null {
  if (key === 'ArrowRight' || key === 'ArrowDown') return { type: 'move', by: 1 };
  if (key === 'ArrowLeft' || key === 'ArrowUp') return { type: 'move', by: -1 };
  if (key === 'Enter') return { type: 'confirm' };
  const option = options.find((o) => o.toUpperCase() === key.toUpperCase());
  // An option named 0 or D (a numeric row, a fourth choice) wins over the shortcut of that key.
  if (option) return { type: 'option', option };
  if (key === '0' || key === ' ') return { type: 'blank' };
  if (key.toUpperCase() === 'D' || key === 'Delete') return { type: 'discard' };
  return null;
}

/** The answer after choosing `option`: single-choice replaces, multi-choice toggles; always in map order. */
export function nextDraft(draft: string, option: string, options: readonly string[], multi: boolean): string {
  if (!multi) return option;
  const chosen = new Set(options.filter((o) => draft.includes(o)));
  if (chosen.has(option)) chosen.delete(option);
  else chosen.add(option);
  return options.filter((o) => chosen.has(o)).join('');
}
