// Choosing an option of a question, the same wherever answers are entered: the review queue
// (pages/scan) and the answer-key table (pages/scores).

/** The answer after choosing `option`: single-choice replaces, multi-choice toggles; always in map order. */
export function chooseOption(draft: string, option: string, options: readonly string[], multi: boolean): string {
  if (!multi) return option;
  const chosen = new Set(options.filter((o) => draft.includes(o)));
  if (chosen.has(option)) chosen.delete(option);
  else chosen.add(option);
  return options.filter((o) => chosen.has(o)).join('');
}
