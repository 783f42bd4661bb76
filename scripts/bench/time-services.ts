import type { Deps } from '../../src/core/deps';
import { listCardPage, listUsableTemplatePage } from '../../src/core/services/cards/card-lists';
import { validateSession } from '../../src/core/services/auth/validate-session';
import { BENCH } from './seed-cards';
import { measure } from './time-calls';

/** The same lists called on the service directly: the database's share of each answer, no HTTP. */
export async function timeServices(deps: Deps, token: string): Promise<void> {
  const actor = await validateSession(deps, token);
  const cardPages = BENCH.cards / 5;
  await measure('service listCardPage (5/page, newest first)', (page) => listCardPage(deps, actor, { page, limit: 5, sort: 'created_at', order: 'desc' }, 'tw'), cardPages);
  await measure('service listCardPage (5/page, by title)', (page) => listCardPage(deps, actor, { page, limit: 5, sort: 'title', order: 'asc' }, 'tw'), cardPages);
  await measure('service listUsableTemplatePage (50/page)', (page) => listUsableTemplatePage(deps, actor, { page, limit: 50 }, 'tw'), BENCH.templates / 50);
}
