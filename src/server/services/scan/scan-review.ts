import { ZPageReading } from '../../../scan/page-reading';
import type { TScanCorrection } from '../../../shared/schemas/scan';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { answerCorrections, deleteCorrection, readingsOfDocument, studentOfSchool, upsertCorrection, type ScanPageView } from '../../repos/scan.repo';
import { latestPages } from './scan-answers';
import { readableCard, readablePage } from './scan-access';

// Review (docs/scan-batches.md "Review"): what a person must decide — unsure marks, pages nobody
// could be matched to, pages of another card, a student's page scanned twice — and the decisions,
// stored as corrections beside the read values.

export type ReviewItem =
  | { kind: 'question'; page_id: number; index: number; batch_id: number; card_page: number; q: number; showno: string; question_kind: string; status: string; read: string; options: string[]; fills: Record<string, number>; student: string | null }
  | { kind: 'page'; page_id: number; index: number; batch_id: number; card_page: number | null; reason: 'unidentified' | 'wrong_card' | 'duplicate'; student: string | null };

const UNSURE = new Set(['multiple', 'ambiguous']);
const who = (p: ScanPageView) => (p.student_number ? `${p.student_number} ${p.student_name ?? ''}`.trim() : null);

function questionItems(page: ScanPageView & { reading: string }, decided: Set<string>): ReviewItem[] {
  const reading = ZPageReading.parse(JSON.parse(page.reading));
  return reading.questions
    .filter((q) => UNSURE.has(q.status) && !decided.has(`${page.id}/${q.q}`))
    .map((q) => ({
      kind: 'question' as const,
      page_id: page.id,
      index: page.page_index,
      batch_id: page.batch_id,
      card_page: page.card_page ?? 1,
      q: q.q,
      showno: q.showno,
      question_kind: q.kind,
      status: q.status,
      read: q.answer,
      options: Object.keys(q.fills),
      fills: q.fills,
      student: who(page),
    }));
}

/** Everything of the card's scans still waiting for a person, oldest first. */
export async function reviewQueue(deps: Deps, actor: Actor, guid: string): Promise<ReviewItem[]> {
  const doc = await readableCard(deps.db, actor, guid);
  const pages = await readingsOfDocument(deps.db, actor.clientId, doc.id);
  const { duplicates } = latestPages(pages);
  const duplicateIds = new Set(duplicates.map((p) => p.id));
  const decided = new Set((await answerCorrections(deps.db, pages.map((p) => p.id))).map((c) => `${c.page_id}/${c.q}`));
  const items: ReviewItem[] = [];
  for (const page of pages) {
    if (page.discarded) continue;
    const base = { page_id: page.id, index: page.page_index, batch_id: page.batch_id, card_page: page.card_page, student: who(page) };
    if (duplicateIds.has(page.id)) items.push({ kind: 'page', ...base, reason: 'duplicate' });
    else if (page.status === 'wrong_card') items.push({ kind: 'page', ...base, reason: 'wrong_card' });
    else if (page.status === 'unidentified' && page.student_id === null) items.push({ kind: 'page', ...base, reason: 'unidentified' });
    else if (page.status === 'review') items.push(...questionItems(page, decided));
  }
  return items;
}

/** One decision on a page: an answer for a question, the page's student, or discarding (or keeping) it. */
export async function correctScan(deps: Deps, actor: Actor, input: TScanCorrection) {
  const { page } = await readablePage(deps.db, actor, input.pageId);
  const base = { page_id: page.id, client_id: actor.clientId, user_id: actor.userId, username: actor.name };
  if (input.kind === 'answer') {
    const question = ZPageReading.parse(JSON.parse(page.reading)).questions.find((q) => q.q === input.q);
    if (!question) throw new AppError('NOT_FOUND', 'scan.pageMissing');
    const options = Object.keys(question.fills);
    const marked = options.filter((o) => input.value.split('').includes(o));
    if (marked.join('') !== input.value) throw new AppError('BAD_REQUEST', 'scan.badAnswer');
    await upsertCorrection(deps.db, { ...base, kind: 'answer', q: input.q, value: input.value });
  } else if (input.kind === 'student') {
    const student = await studentOfSchool(deps.db, actor.clientId, input.studentId);
    if (!student) throw new AppError('NOT_FOUND', 'scan.studentMissing');
    await upsertCorrection(deps.db, { ...base, kind: 'student', q: 0, value: String(student.id) });
  } else if (input.discard) {
    await upsertCorrection(deps.db, { ...base, kind: 'discard', q: 0, value: '1' });
  } else {
    await deleteCorrection(deps.db, page.id, 'discard', 0);
  }
  return { message: 'scan.saved' as const };
}

export async function findStudentByNumber(deps: Deps, actor: Actor, guid: string, number: string) {
  await readableCard(deps.db, actor, guid);
  return deps.db.selectFrom('students').select(['id', 'number', 'name', 'grade', 'class', 'seat']).where('client_id', '=', actor.clientId).where('number', '=', number.trim()).execute();
}
