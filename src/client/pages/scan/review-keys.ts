/** What a key does in review: move, ask to discard, confirm, a blank answer, or an option. */
export type ReviewAction = { type: 'move'; by: number } | { type: 'discard' } | { type: 'confirm' } | { type: 'blank' } | { type: 'option'; option: string };

/** 是非 on a keyboard: O / 1 (and T, Y, V) for the first value (是), X / 2 (and F, N) for the second (否). */
const TRUE_KEYS = new Set(['O', '1', 'T', 'Y', 'V']);
const FALSE_KEYS = new Set(['X', '2', 'F', 'N']);

export function reviewKey(key: string, options: readonly string[], kind?: string): ReviewAction | null {
  if (key === 'ArrowRight' || key === 'ArrowDown') return { type: 'move', by: 1 };
  if (key === 'ArrowLeft' || key === 'ArrowUp') return { type: 'move', by: -1 };
  if (key === 'Enter') return { type: 'confirm' };
  const option = options.find((o) => o.toUpperCase() === key.toUpperCase());
  // An option named 0 (a numeric row) wins over the shortcut of that key.
  if (option) return { type: 'option', option };
  if (kind === 'truefalse' && options.length === 2) {
    if (TRUE_KEYS.has(key.toUpperCase())) return { type: 'option', option: options[0] };
    if (FALSE_KEYS.has(key.toUpperCase())) return { type: 'option', option: options[1] };
  }
  if (key === '0' || key === ' ') return { type: 'blank' };
  // Discarding a page only asks (a confirm dialog follows): one key never throws a page away.
  if (key === 'Delete') return { type: 'discard' };
  return null;
}

/** The draft a question item opens with: the likely answer when there is one, else the read value when it is a valid answer, else nothing. */
export function firstDraft(item: { proposal: string | null; read: string; status: string; question_kind: string; options: readonly string[] }): string {
  if (item.proposal !== null) return item.proposal;
  const oneMark = item.question_kind !== 'multi';
  if (item.status === 'multiple' && oneMark) return '';
  return item.read;
}
