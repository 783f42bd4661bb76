import type { z } from 'zod';
import type { ZCardListInput, ZShareListInput, ZTemplateListInput } from '../../../shared/schemas/cards';
import { requirePermission, type Actor } from '../../auth/actor';
import { resolveSchoolId } from '../../auth/tenancy';
import type { Deps } from '../../deps';
import type { Locale } from '../../../shared/limits';
import type { Page } from '../../../data/repos/paginate';
import { listCards, listSchoolTemplates, listUsableTemplates } from '../../../data/repos/documents.repo';
import { listReceivedShares } from '../../../data/repos/shares.repo';
import { toCardRow, toTemplateRow, schoolTime, type CardRow, type TemplateRow } from './card-rows';
import { mayChange, viewerOf } from './document-access';

// The four lists: cards, usable templates, a school's templates, received shares.

const mapPage = <A, B>(page: Page<A>, map: (row: A) => B): Page<B> => ({ ...page, data: page.data.map(map) });

export async function listCardPage(deps: Deps, actor: Actor, input: z.infer<typeof ZCardListInput>, locale: Locale): Promise<Page<CardRow>> {
  requirePermission(actor, 'cards.view');
  const page = await listCards(deps.db, viewerOf(actor), input.sort, input.order, input);
  return mapPage(page, (row) => toCardRow(row, locale));
}

export async function listUsableTemplatePage(deps: Deps, actor: Actor, input: z.infer<typeof ZTemplateListInput>, locale: Locale): Promise<Page<TemplateRow & { editable: boolean }>> {
  requirePermission(actor, 'templates.view');
  const page = await listUsableTemplates(deps.db, viewerOf(actor), input);
  return mapPage(page, (row) => ({ ...toTemplateRow(row, locale), editable: mayChange(actor, row) }));
}

export async function listSchoolTemplatePage(
  deps: Deps,
  actor: Actor,
  input: z.infer<typeof ZTemplateListInput> & { client_id?: number },
  locale: Locale,
): Promise<Page<TemplateRow>> {
  requirePermission(actor, 'templates.manage');
  const clientId = await resolveSchoolId(deps.db, actor, input.client_id);
  return mapPage(await listSchoolTemplates(deps.db, clientId, input), (row) => toTemplateRow(row, locale));
}

export async function listSharePage(deps: Deps, actor: Actor, input: z.infer<typeof ZShareListInput>) {
  requirePermission(actor, 'cards.view');
  const page = await listReceivedShares(deps.db, actor.clientId, input);
  return mapPage(page, (row) => ({
    guid: row.guid,
    title: row.title,
    privacy: row.privacy,
    client_name: row.client_name,
    author: row.author,
    status: row.status,
    disabled: row.disabled,
    created_at: schoolTime(row.created_at),
  }));
}
