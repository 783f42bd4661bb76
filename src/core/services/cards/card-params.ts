import { CARD_MODES, CARD_SIZES, DEPARTMENTS, SUBJECTS } from '../../../shared/card/catalogue';
import type { Locale } from '../../../shared/limits';
import { translate } from '../../../shared/i18n/translate';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { readSettings } from '../clients/client-settings';

// The choices of the card info form: only the modes and sizes the system administrator allowed
// the caller's school (client `get data` / `save data`).

export interface Option {
  value: string;
  label: string;
}

async function allowedModesAndSizes(deps: Deps, actor: Actor): Promise<{ modes: readonly string[]; sizes: readonly string[] }> {
  const settings = await readSettings(deps.db, actor.clientId);
  return { modes: settings.data_mode, sizes: settings.data_size };
}

export async function getCardParams(deps: Deps, actor: Actor, locale: Locale) {
  const allowed = await allowedModesAndSizes(deps, actor);
  const label = (o: { value: string; label: string }): Option => ({ value: o.value, label: translate(locale, o.label) });
  return {
    mode_data: CARD_MODES.filter((m) => allowed.modes.includes(m.value)).map(label),
    size_data: CARD_SIZES.filter((s) => allowed.sizes.includes(s.value)).map(label),
    department_data: DEPARTMENTS.map((d) => ({ value: d.value, label: d.label })),
    subject_data: SUBJECTS.map((s) => ({ value: s.value, label: s.label })),
  };
}

export async function assertModeAndSize(deps: Deps, actor: Actor, mode: string, size: string): Promise<void> {
  const allowed = await allowedModesAndSizes(deps, actor);
  if (!allowed.modes.includes(mode)) throw new AppError('BAD_REQUEST', 'card.modeNotAllowed', {}, { mode: 'card.modeNotAllowed' });
  if (!allowed.sizes.includes(size)) throw new AppError('BAD_REQUEST', 'card.sizeNotAllowed', {}, { size: 'card.sizeNotAllowed' });
}

export function assertCatalogue(department: string, subject: string): void {
  if (!DEPARTMENTS.some((d) => d.value === department)) {
    throw new AppError('BAD_REQUEST', 'card.departmentRequired', {}, { department: 'card.departmentRequired' });
  }
  if (!SUBJECTS.some((s) => s.value === subject)) {
    throw new AppError('BAD_REQUEST', 'card.subjectRequired', {}, { subject: 'card.subjectRequired' });
  }
}
