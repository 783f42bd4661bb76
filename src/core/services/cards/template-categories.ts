import { TEMPLATE_CATEGORIES } from '../../../shared/card/catalogue';
import { MAX_PAGE_SIZE, type Locale } from '../../../shared/limits';
import { translate } from '../../../shared/i18n/translate';
import { requirePermission, type Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { listUsableTemplateChoices } from '../../../data/repos/documents.repo';
import { viewerOf } from './document-access';

// Template categories (src/shared/card/catalogue.ts): a school's default template is chosen per
// category (system `save settings` Vcards: one {key, value} per category, value = template guid).

export function listTemplateCategories(actor: Actor, locale: Locale) {
  requirePermission(actor, 'templates.view');
  return TEMPLATE_CATEGORIES.map((c) => ({ key: c.key, name: translate(locale, c.name) }));
}

/** `templates get templates`: the usable templates grouped by category, as dropdown options. */
export async function listTemplatesByCategory(deps: Deps, actor: Actor, locale: Locale) {
  const categories = listTemplateCategories(actor, locale);
  const rows = await listUsableTemplateChoices(deps.db, viewerOf(actor), MAX_PAGE_SIZE);
  return categories.map((c) => ({
    key: c.key,
    name: c.name,
    options: rows.filter((r) => r.mode === c.key).map((r) => ({ label: r.title, value: r.guid, key: c.key })),
  }));
}
