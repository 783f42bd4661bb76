import { A4_PT } from '../../../shared/geometry/card-geometry';
import type { TSheetInput } from '../../../shared/schemas/scan';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { answerCorrections, findPage, studentOfSchool } from '../../../data/repos/scan.repo';
import { readableCard } from './scan-access';
import { studentAnswersOf } from './student-answers';
import { loadCardMap } from '../../../shared/geometry/card-map';
import { rowRect } from './scan-images';
import { likelyAnswer, parseReading } from './scan-review';

// The sheet view (docs/scan-batches.md "Sheet view"): a student's scanned pages (or one page) with
// every question's answer — read, or decided by review — and where its row is on the page, so the
// screen draws the answers over the scan. Corrections made there are review's corrections.

export interface SheetQuestion {
  q: number;
  showno: string;
  kind: string;
  options: string[];
  read: string;
  /** The answer as it counts: review's decision where there is one, else the read value. */
  answer: string;
  /** blank / multiple / ambiguous while open; corrected once decided. */
  flag: string | null;
  proposal: string | null;
  /** The question's row as fractions of the page (x, y, w, h in 0…1). */
  box: { x: number; y: number; w: number; h: number } | null;
}

export interface SheetPage {
  page_id: number;
  card_page: number | null;
  index: number;
  questions: SheetQuestion[];
}

async function pageOfSheet(deps: Deps, page: NonNullable<Awaited<ReturnType<typeof findPage>>>, geometryKey: string | null, effective: { answers: Record<string, string>; flags: Record<string, string> } | null): Promise<SheetPage> {
  const { questions } = parseReading(page.reading);
  const map = await loadCardMap((key) => deps.storage.get(key), geometryKey);
  let answers = effective?.answers;
  let flags = effective?.flags;
  if (!effective) {
    const own = new Map((await answerCorrections(deps.db, [page.id])).map((c) => [c.q, c.value]));
    const read = JSON.parse(page.answers) as Record<string, string>;
    const readFlags = JSON.parse(page.flags) as Record<string, string>;
    answers = Object.fromEntries(questions.map((q) => [String(q.q), own.get(q.q) ?? read[String(q.q)] ?? q.answer]));
    flags = Object.fromEntries(questions.map((q) => [String(q.q), own.has(q.q) ? 'corrected' : readFlags[String(q.q)]] as const).filter(([, f]) => f));
  }
  return {
    page_id: page.id,
    card_page: page.card_page,
    index: page.page_index,
    questions: questions.map((q) => {
      const rect = map && page.card_page ? rowRect(map, page.card_page, q.q) : null;
      return {
        q: q.q,
        showno: q.showno,
        kind: q.kind,
        options: Object.keys(q.fills),
        read: q.answer,
        answer: answers?.[String(q.q)] ?? q.answer,
        flag: flags?.[String(q.q)] ?? null,
        proposal: q.status === 'ok' ? null : likelyAnswer(q),
        box: rect ? { x: rect.x / A4_PT.w, y: rect.y / A4_PT.h, w: rect.w / A4_PT.w, h: rect.h / A4_PT.h } : null,
      };
    }),
  };
}

/** A student's sheet (every page that counts for them), or one scanned page. */
export async function scanSheet(deps: Deps, actor: Actor, input: TSheetInput) {
  const doc = await readableCard(deps.db, actor, input.guid);
  const geometryKey = doc.geometry_key;
  if (input.pageId !== undefined) {
    const page = await findPage(deps.db, input.pageId);
    if (!page || page.client_id !== actor.clientId || page.document_id !== doc.id) throw new AppError('NOT_FOUND', 'scan.pageMissing');
    const student = page.student_id ? { student_id: page.student_id, student_number: page.student_number!, name: page.student_name!, grade: page.grade!, class: page.class!, seat: page.seat! } : null;
    return { student, pages: [await pageOfSheet(deps, page, geometryKey, null)] };
  }
  const student = await studentOfSchool(deps.db, actor.clientId, input.studentId!);
  if (!student) throw new AppError('NOT_FOUND', 'scan.studentMissing');
  const sheet = (await studentAnswersOf(deps.db, actor.clientId, doc.id, { grade: student.grade, class: student.class })).find((s) => s.student_id === student.id);
  const pages: SheetPage[] = [];
  for (const p of sheet?.pages ?? []) {
    const page = await findPage(deps.db, p.page_id);
    if (page) pages.push(await pageOfSheet(deps, page, geometryKey, sheet!));
  }
  return { student: { student_id: student.id, student_number: student.number, name: student.name, grade: student.grade, class: student.class, seat: student.seat }, pages };
}
