import { cropStoredPage } from '../../../scan/page-placement';
import type { TSheetsInput, TCropInput } from '../../../shared/schemas/grading';
import { loadCardMap } from '../../../shared/geometry/card-map';
import { PT_PER_MM } from '../../../shared/geometry/scan-layout';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { readablePage } from '../scan/scan-access';
import { studentAnswersOf } from '../scan/student-answers';
import { writtenCard, writtenQuestion } from './written-card';
import { writtenCropKey } from '../../../shared/jobs/scan-batch-job';

// What the grading screen shows (docs/grading.md "On-screen grading"): the selection's students
// with the scanned page holding question q, and the crop of that answer's area from it — the
// high-resolution crop the scan job stored at read time when there is one (`writtenCropKey`),
// else cut from the stored page image (placed by the reading's homography when it kept one).

const MARGIN_PT = 3 * PT_PER_MM;


export async function gradingSheets(deps: Deps, actor: Actor, input: TSheetsInput) {
  const card = await writtenCard(deps, actor, input.guid);
  const question = writtenQuestion(card, input.q);
  const sheets = await studentAnswersOf(deps.db, actor.clientId, card.doc.id, { grade: input.grade, class: input.class });
  return sheets.map((s) => ({
    student_id: s.student_id,
    student_number: s.student_number,
    name: s.name,
    grade: s.grade,
    class: s.class,
    seat: s.seat,
    page_id: s.pages.find((p) => p.card_page === question.page)?.page_id ?? null,
  }));
}

export async function writtenCrop(deps: Deps, actor: Actor, input: TCropInput) {
  const card = await writtenCard(deps, actor, input.guid);
  writtenQuestion(card, input.q);
  const { page } = await readablePage(deps.db, actor, input.page_id);
  if (page.document_id !== card.doc.id || !page.image_key || page.card_page === null) throw new AppError('NOT_FOUND', 'scan.pageMissing');
  const stored = await deps.storage.get(writtenCropKey(page.image_key, input.q));
  if (stored) return { base64: stored.toString('base64'), stored: true };
  const [bytes, map] = await Promise.all([deps.storage.get(page.image_key), loadCardMap((key) => deps.storage.get(key), card.doc.geometry_key)]);
  if (!bytes || !map) throw new AppError('NOT_FOUND', 'scan.pageMissing');
  const groups = map.groups.filter((g) => g.page === page.card_page && g.q === input.q);
  if (groups.length === 0) throw new AppError('NOT_FOUND', 'scan.pageMissing');
  const x = Math.min(...groups.map((g) => g.rect.x)) - MARGIN_PT;
  const y = Math.min(...groups.map((g) => g.rect.y)) - MARGIN_PT;
  const right = Math.max(...groups.map((g) => g.rect.x + g.rect.w)) + MARGIN_PT;
  const bottom = Math.max(...groups.map((g) => g.rect.y + g.rect.h)) + MARGIN_PT;
  // Placed by the reading's homography when it kept one (src/scan/page-placement.ts).
  return { base64: (await cropStoredPage(bytes, page.reading, { x, y, w: right - x, h: bottom - y }, map.page.w)).toString('base64'), stored: false };
}
