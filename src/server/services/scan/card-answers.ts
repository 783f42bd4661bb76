import type { TAnswersInput } from '../../../shared/schemas/scan';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { cardAnswers } from './scan-answers';
import { readableCard } from './scan-access';

/** A card's answers per student, after corrections, of one grade or class when asked (legacy `get answers`, the screen's table). */
export async function listCardAnswers(deps: Deps, actor: Actor, input: TAnswersInput) {
  const doc = await readableCard(deps.db, actor, input.guid);
  return cardAnswers(deps.db, actor.clientId, doc.id, input);
}
