import type { TScanCorrection } from '../../../shared/schemas/scan';
import { notifyUndo } from '../../feedback/notify';
import { trpc } from '../../trpc/trpc';

// What the review queue (scan-review-panel.tsx) and a student's sheets (sheet-view.tsx) both use
// to decide: the one correction mutation with its 復原, and the class-and-seat search.

/** What undoes a decision just saved (the toast's 復原). */
function undoOf(input: TScanCorrection): TScanCorrection | null {
  if (input.kind === 'answer') return { kind: 'undo', pageId: input.pageId, what: 'answer', qs: [input.q] };
  if (input.kind === 'score') return { kind: 'undo', pageId: input.pageId, what: 'score', qs: [input.q] };
  if (input.kind === 'answers') return { kind: 'undo', pageId: input.pageId, what: 'answer', qs: Object.keys(input.answers).map(Number) };
  if (input.kind === 'student') return { kind: 'undo', pageId: input.pageId, what: 'student' };
  if (input.kind === 'discard' && input.discard) return { kind: 'undo', pageId: input.pageId, what: 'discard' };
  return null;
}

/** The decision mutation every review control shares: saved, the lists refreshed, and 復原 offered. */
export function useCorrect(onChanged: () => void) {
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.scan.review.invalidate();
    void utils.scan.sheet.invalidate();
    onChanged();
  };
  const undo = trpc.scan.correct.useMutation({ meta: { silentSuccess: true }, onSuccess: refresh });
  return trpc.scan.correct.useMutation({
    meta: { silentSuccess: true },
    onSuccess: (reply, input) => {
      refresh();
      const back = undoOf(input);
      if (back) notifyUndo(reply.message, () => undo.mutate(back));
    },
  });
}

/** Class + seat typed as 「8 3 17」, 「8-3-17」 or 「803 17」; null when it is not one. */
export function parseSeat(text: string): { grade: number; class: number; seat: number } | null {
  const parts = text.trim().split(/[\s,./-]+/).filter(Boolean).map(Number);
  if (parts.some((n) => !Number.isInteger(n) || n < 1)) return null;
  if (parts.length === 3) return { grade: parts[0], class: parts[1], seat: parts[2] };
  if (parts.length === 2 && parts[0] >= 100) return { grade: Math.floor(parts[0] / 100), class: parts[0] % 100, seat: parts[1] };
  return null;
}
