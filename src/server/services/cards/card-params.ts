import { CARD_MODES, CARD_SIZES, DEPARTMENTS, SUBJECTS } from '../../../shared/card/catalogue';
import type { Locale } from '../../../shared/limits';
import { translate } from '../../../shared/i18n/translate';
import type { Actor } from '../../auth/actor';
import { AppError } from '../../errors/app-error';

// The choices of the card info form. Every mode and size is offered until the school settings
// area (issue 3, client `get data`/`save data`) stores per-school restrictions; it will narrow
// `allowedModesAndSizes` and nothing else changes.

export interface Option {
  value: string;
  label: string;
}

export function allowedModesAndSizes(_actor: Actor): { modes: readonly string[]; sizes: readonly string[] } {
  return { modes: CARD_MODES.map((m) => m.value), sizes: CARD_SIZES.map((s) => s.value) };
}

export function getCardParams(actor: Actor, locale: Locale) {
  const allowed = allowedModesAndSizes(actor);
  const label = (o: { value: string; label: string }): Option => ({ value: o.value, label: translate(locale, o.label) });
  return {
    mode_data: CARD_MODES.filter((m) => allowed.modes.includes(m.value)).map(label),
    size_data: CARD_SIZES.filter((s) => allowed.sizes.includes(s.value)).map(label),
    department_data: DEPARTMENTS.map((d) => ({ value: d.value, label: d.label })),
    subject_data: SUBJECTS.map((s) => ({ value: s.value, label: s.label })),
  };
}

export function assertModeAndSize(actor: Actor, mode: string, size: string): void {
  const allowed = allowedModesAndSizes(actor);
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
