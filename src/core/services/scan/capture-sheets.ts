import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { Locale } from '../../../shared/limits';
import { batchesByIds, setCaptureDeleted } from '../../../data/repos/capture.repo';
import { pagesOfBatches } from '../../../data/repos/scan.repo';
import { needsReview } from '../../../scan/page-reading';
import { failureTextOrNull } from '../../errors/library-messages';
import { scoredCard } from '../scores/card-scores';
import { readableCard } from './scan-access';
import { AppError } from '../../errors/app-error';

// The phone's side of a capture session (docs/scan-batches.md "Capture with a phone"): where each
// captured sheet stands — queued, being read, or read with its student and score, or why it was
// set aside — in ONE call for all the sheets the phone waits for, polled; and the session deleted
// or restored as one from the scan screen.

export type CaptureResult =
  | { kind: 'student'; name: string; number: string; grade: number; class: number; seat: number; score: number | null; max: number; keyed: boolean; to_check: number }
  | { kind: 'unread'; why: 'unidentified' | 'wrong_card' | 'blank' | 'key' | 'failed' | 'deleted'; error: string | null };

export interface CaptureSheet {
  batch_id: number;
  /** `missing`: no such batch of this card (deleted for good, or never this card's). */
  state: 'queued' | 'reading' | 'done' | 'failed' | 'missing';
  result: CaptureResult | null;
}

/** Where each of the phone's sheets stands; the read ones with their student's score, one scoring per class. */
export async function captureSheets(deps: Deps, actor: Actor, locale: Locale, guid: string, batchIds: readonly number[]): Promise<CaptureSheet[]> {
  const doc = await readableCard(deps.db, actor, guid);
  const rows = new Map((await batchesByIds(deps.db, actor.clientId, doc.id, batchIds)).map((b) => [b.id, b]));
  // Each read sheet's first page (a sheet is a one-page batch), all in one query: the phone asks four times a second.
  const read = [...rows.values()].filter((b) => b.state === 'done' && b.deleted_at === null).map((b) => b.id);
  const pages = new Map<number, Awaited<ReturnType<typeof pagesOfBatches>>[number]>();
  for (const page of await pagesOfBatches(deps.db, read)) if (!pages.has(page.batch_id)) pages.set(page.batch_id, page);
  const classes = new Map<string, { grade: number; class: number }>();
  for (const p of pages.values()) if (p?.student_id != null && p.grade !== null && p.class !== null) classes.set(`${p.grade}/${p.class}`, { grade: p.grade, class: p.class });
  const scored = new Map(await Promise.all([...classes].map(async ([id, c]) => [id, await scoredCard(deps, actor, { guid, grade: c.grade, class: c.class })] as const)));
  return batchIds.map((id): CaptureSheet => {
    const batch = rows.get(id);
    if (!batch) return { batch_id: id, state: 'missing', result: null };
    if (batch.deleted_at !== null) return { batch_id: id, state: batch.state, result: { kind: 'unread', why: 'deleted', error: null } };
    if (batch.state === 'queued' || batch.state === 'reading') return { batch_id: id, state: batch.state, result: null };
    const page = pages.get(id);
    if (batch.state === 'failed' || !page) return { batch_id: id, state: batch.state, result: { kind: 'unread', why: 'failed', error: failureTextOrNull(locale, batch.error) } };
    if (page.status === 'wrong_card' || page.status === 'blank' || page.status === 'key') return { batch_id: id, state: 'done', result: { kind: 'unread', why: page.status, error: null } };
    if (!page.student_name || !page.student_number || page.grade === null || page.class === null || page.seat === null) return { batch_id: id, state: 'done', result: { kind: 'unread', why: 'unidentified', error: null } };
    const card = scored.get(`${page.grade}/${page.class}`);
    const student = card?.students.find((s) => s.student_number === page.student_number);
    const flags = JSON.parse(page.flags) as Record<string, string>;
    return {
      batch_id: id,
      state: 'done',
      result: {
        kind: 'student',
        name: page.student_name,
        number: page.student_number,
        grade: page.grade,
        class: page.class,
        seat: page.seat,
        score: card?.keyed && student ? student.score : null,
        max: card?.maxScore ?? 0,
        keyed: card?.keyed ?? false,
        to_check: Object.values(flags).filter(needsReview).length,
      },
    };
  });
}

/** A capture session deleted softly as one (its sheets stop counting), or restored: the sheets its last deletion took. */
export async function deleteCaptureSession(deps: Deps, actor: Actor, guid: string, capture: string, restore = false) {
  const doc = await readableCard(deps.db, actor, guid);
  const sheets = await setCaptureDeleted(deps.db, actor.clientId, doc.id, capture, !restore);
  if (sheets === 0) throw new AppError('NOT_FOUND', 'scan.batchMissing');
  return { message: restore ? ('scan.captureRestored' as const) : ('scan.captureDeleted' as const), params: { count: sheets }, capture, sheets };
}
