// Card modes, sizes and template categories, defined once. The spec names "mode" and "size" but
// never their values; this small set is ours (docs/school-administration.md) and the card editor
// (issue 4) reads the same lists. Labels are catalogue keys (src/shared/i18n/messages/clients.ts).
export const CARD_MODES = [
  { value: 'omr', label: 'card.mode.omr' },
  { value: 'written', label: 'card.mode.written' },
  { value: 'mixed', label: 'card.mode.mixed' },
] as const;

export const CARD_SIZES = [
  { value: 'A4', label: 'card.size.A4' },
  { value: 'A3', label: 'card.size.A3' },
  { value: 'B4', label: 'card.size.B4' },
] as const;

export type CardMode = (typeof CARD_MODES)[number]['value'];
export type CardSize = (typeof CARD_SIZES)[number]['value'];
export const CARD_MODE_VALUES = CARD_MODES.map((m) => m.value) as [CardMode, ...CardMode[]];
export const CARD_SIZE_VALUES = CARD_SIZES.map((s) => s.value) as [CardSize, ...CardSize[]];

/** A new school may use everything until the system administrator narrows it. */
export const DEFAULT_CARD_MODES: CardMode[] = [...CARD_MODE_VALUES];
export const DEFAULT_CARD_SIZES: CardSize[] = [...CARD_SIZE_VALUES];

/** Vcards keys: one default template per category (the settings screens show one dropdown each). */
export const TEMPLATE_CATEGORIES = [
  { key: 'midterm', name: 'template.category.midterm' },
  { key: 'quiz', name: 'template.category.quiz' },
  { key: 'mock', name: 'template.category.mock' },
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number]['key'];
export const TEMPLATE_CATEGORY_KEYS = TEMPLATE_CATEGORIES.map((c) => c.key) as [TemplateCategory, ...TemplateCategory[]];
