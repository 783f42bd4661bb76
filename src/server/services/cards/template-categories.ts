import { CARD_MODES } from '../../../shared/card/catalogue';
import { MAX_PAGE_SIZE, type Locale } from '../../../shared/limits';
import { translate } from '../../../shared/i18n/translate';
import { requirePermission, type Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { listUsableTemplateChoices } from '../../repos/documents.repo';
import { viewerOf } from './document-access';

// Template categories are the card modes: a school's default template is chosen per mode
// (system `save settings` Vcards: one {key, value} per category, key = mode, value = guid).

export function listTemplateCategories(actor: Actor, locale: Locale) {
  requirePermission(actor, 'templates.view');
  return CARD_MODES.map((m) => ({ key: m.value, name: translate(locale, m.label) }));
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
