import type { TAnswersInput } from '../../../shared/schemas/scan';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { studentAnswersOf } from './student-answers';
import { readableCard } from './scan-access';
import { pendingOf, reviewItemsOf } from './scan-review';
import { absentStudents } from '../scores/card-scores';

/** A card's answers per student, after corrections, of one grade or class when asked (legacy `get answers`, the screen's table). */
export async function listCardAnswers(deps: Deps, actor: Actor, input: TAnswersInput) {
  const doc = await readableCard(deps.db, actor, input.guid);
  return studentAnswersOf(deps.db, actor.clientId, doc.id, input);
}

/** The same with the open review items of the selection and its students without a sheet (legacy `get answers`). */
export async function listCardAnswersWithGaps(deps: Deps, actor: Actor, input: TAnswersInput) {
  const doc = await readableCard(deps.db, actor, input.guid);
  const [sheets, items] = await Promise.all([studentAnswersOf(deps.db, actor.clientId, doc.id, input), reviewItemsOf(deps, actor.clientId, doc.id)]);
  return { sheets, pending: pendingOf(items, input), absent: await absentStudents(deps, actor.clientId, doc.id, input, sheets) };
}
