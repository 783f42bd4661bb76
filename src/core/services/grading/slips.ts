import sharp from 'sharp';
import { composeSlips } from '../../../pdf/compose-slips';
import { placementOf, scaledToImage, storedToImage } from '../../../scan/page-placement';
import type { SlipCard, SlipPageImage, SlipStudent } from '../../../pdf/slip-types';
import { loadCardMap } from '../../../shared/geometry/card-map';
import type { TSlipsInput } from '../../../shared/schemas/grading';
import { translate } from '../../../shared/i18n/translate';
import type { Locale } from '../../../shared/limits';
import { isScored, splitMarks } from '../../../shared/scoring/rules';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { rubricsOfCard } from '../../../data/repos/rubrics.repo';
import { gradesOfCard } from '../../../data/repos/written-grades.repo';
import { pageImagesOfSchool } from '../../../data/repos/scan.repo';
import { scoredCard, type ScoredCard } from '../scores/card-scores';
import { scoresFileName } from '../scores/score-exports';

// Slips (成績單 / 答案卡回饋, docs/grading.md "Slips"): one class's — or one student's — summary
// and annotated scans, from the same scored card as 成績 (so the slip and the screen never differ),
// composed by src/pdf/compose-slips.ts. Direct download: a class of 40 × 2 pages composes in a
// few seconds (npm run bench:slips).

async function pageImages(deps: Deps, card: ScoredCard, studentId: number, pageWidthPt: number): Promise<SlipPageImage[]> {
  const pages = card.pages.get(studentId) ?? [];
  if (pages.length === 0) return [];
  const rows = await pageImagesOfSchool(deps.db, card.doc.client_id, pages.map((p) => p.page_id));
  const out: SlipPageImage[] = [];
  for (const p of pages) {
    const row = rows.find((r) => r.id === p.page_id);
    const bytes = row?.image_key ? await deps.storage.get(row.image_key) : null;
    if (!bytes) continue;
    const { width = 0, height = 0, format } = await sharp(bytes).metadata();
    if (format !== 'jpeg' || width === 0) continue;
    // The reading's homography composed with the stored image's shrink and turn (exact on a skewed
    // or shifted sheet); a reading stored without one: the map scaled to the upright image's width.
    const placement = placementOf(row?.reading);
    const toImage = (placement && storedToImage(placement, { width, height })) ?? scaledToImage(pageWidthPt, width);
    out.push({ page: p.card_page, jpeg: bytes, toImage: [...toImage] });
  }
  return out;
}

/** `onProgress(done, total)`: students prepared so far (the slips job reports it; docs/grading.md "Slips through a job"). */
export async function slipsFile(deps: Deps, actor: Actor, locale: Locale, input: TSlipsInput, onProgress?: (done: number, total: number) => Promise<unknown> | void) {
  const card = await scoredCard(deps, actor, { guid: input.guid, grade: input.grade, class: input.class });
  const students = input.student_number === undefined ? card.students : card.students.filter((s) => s.student_number === input.student_number);
  if (students.length === 0) throw new AppError('NOT_FOUND', input.student_number === undefined ? 'grading.slipsNoStudents' : 'grading.slipsNoStudent', { number: input.student_number ?? '' });
  const map = await loadCardMap((key) => deps.storage.get(key), card.doc.geometry_key);
  if (!map) throw new AppError('CONFLICT', 'scores.notConverted');
  const [rubrics, grades] = await Promise.all([rubricsOfCard(deps.db, actor.clientId, card.doc.id), gradesOfCard(deps.db, actor.clientId, card.doc.id)]);
  const slipCard: SlipCard = {
    title: card.doc.title,
    map,
    questions: card.questions.map((q) => ({ q: q.q, showno: q.showno, kind: q.kind, key: splitMarks(q.answer, q.options) ?? [], max: isScored(q) ? q.points : null })),
    written: card.written.map((w) => ({ q: w.q, showno: w.showno, max: w.points })),
    choiceMax: card.choiceMax,
    writtenMax: card.writtenMax,
    maxScore: card.maxScore,
    classSize: card.students.length,
  };
  const slipStudents: SlipStudent[] = [];
  for (const s of students) {
    const written: SlipStudent['written'] = Object.fromEntries(
      card.written.map((w) => {
        const grade = grades.find((g) => g.student_id === s.student_id && g.q === w.q);
        const items = rubrics.find((r) => r.q === w.q)?.items.filter((i) => grade?.itemIds.includes(i.id)) ?? [];
        return [w.q, { points: s.written_points[String(w.q)] ?? null, items: items.map((i) => ({ description: i.description, points: i.points })), comment: grade?.comment ?? '' }];
      }),
    );
    const answers = Object.fromEntries(card.questions.map((q) => [q.q, { marked: splitMarks(s.answers[String(q.q)] ?? '', q.options) ?? [], points: s.points[String(q.q)] ?? null }]));
    slipStudents.push({
      name: s.name,
      number: s.student_number,
      className: `${s.grade}年${s.class}班`,
      seat: s.seat,
      pages: input.scans ? await pageImages(deps, card, s.student_id, map.page.w) : [],
      answers,
      written,
      choiceTotal: s.choice,
      writtenTotal: s.written,
      total: s.score,
      rank: input.rank ? s.rank : null,
    });
    await onProgress?.(slipStudents.length, students.length);
  }
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params);
  const body = await composeSlips({ card: slipCard, students: slipStudents, options: { summary: true, scans: input.scans }, t });
  const label = translate(locale, 'grading.slipsFile');
  const name = scoresFileName(card.doc.title, { grade: input.grade, class: input.class }, input.student_number === undefined ? label : `${input.student_number}_${label}`, 'pdf');
  return { body: Buffer.from(body), contentType: 'application/pdf', filename: name };
}
