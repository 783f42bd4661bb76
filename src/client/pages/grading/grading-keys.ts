// The grading screen's keyboard (docs/grading.md "On-screen grading"), pure: 1–9 apply or take
// off the rubric's items, → / ← (or J / K) the next and previous answer, Enter saves and moves on.

export type GradingKey = { kind: 'item'; index: number } | { kind: 'next' } | { kind: 'previous' } | { kind: 'save' } | null;

export function gradingKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }, items: number): GradingKey {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (/^[1-9]$/.test(event.key)) {
    const index = Number(event.key) - 1;
    return index < items ? { kind: 'item', index } : null;
  }
  if (event.key === 'ArrowRight' || event.key === 'j' || event.key === 'J') return { kind: 'next' };
  if (event.key === 'ArrowLeft' || event.key === 'k' || event.key === 'K') return { kind: 'previous' };
  if (event.key === 'Enter') return { kind: 'save' };
  return null;
}

/** An item applied or taken off. */
export const toggleItem = (ids: readonly number[], id: number): number[] => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);
