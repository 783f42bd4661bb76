// The catalogues a card is described by: modes, sizes, departments and subjects. Values are
// what is stored; labels are catalogue keys (src/shared/i18n/messages/cards.ts).
export const CARD_MODES = [
  { value: 'omr', label: 'card.mode.omr' },
  { value: 'mixed', label: 'card.mode.mixed' },
  { value: 'written', label: 'card.mode.written' },
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

/** A new school may use every mode and size until the system administrator narrows it. */
export const DEFAULT_CARD_MODES: CardMode[] = [...CARD_MODE_VALUES];
export const DEFAULT_CARD_SIZES: CardSize[] = [...CARD_SIZE_VALUES];

/**
 * Template categories are the card modes: a template's category is read off its own mode, and a
 * school's default templates (Vcards) hold one {key: mode, value: template guid} per category.
 */
export const TEMPLATE_CATEGORIES = CARD_MODES.map((m) => ({ key: m.value, name: m.label }));

/** A Taiwanese senior-high catalogue; stored as the code, shown by name (Dep_Name / Sub_Name). */
export const DEPARTMENTS = [
  { value: 'general', label: '普通科' },
  { value: 'comprehensive', label: '綜合高中' },
  { value: 'science', label: '數理資優班' },
  { value: 'language', label: '語文資優班' },
  { value: 'arts', label: '美術班' },
  { value: 'music', label: '音樂班' },
  { value: 'sports', label: '體育班' },
  { value: 'commerce', label: '商業經營科' },
  { value: 'accounting', label: '會計事務科' },
  { value: 'information', label: '資訊科' },
  { value: 'electrical', label: '電機科' },
  { value: 'mechanical', label: '機械科' },
  { value: 'junior', label: '國中部' },
] as const;

export const SUBJECTS = [
  { value: 'chinese', label: '國文' },
  { value: 'english', label: '英文' },
  { value: 'math', label: '數學' },
  { value: 'math_a', label: '數學A' },
  { value: 'math_b', label: '數學B' },
  { value: 'physics', label: '物理' },
  { value: 'chemistry', label: '化學' },
  { value: 'biology', label: '生物' },
  { value: 'earth', label: '地球科學' },
  { value: 'science', label: '自然' },
  { value: 'history', label: '歷史' },
  { value: 'geography', label: '地理' },
  { value: 'civics', label: '公民與社會' },
  { value: 'social', label: '社會' },
  { value: 'technology', label: '生活科技' },
  { value: 'computer', label: '資訊科技' },
  { value: 'health', label: '健康與護理' },
  { value: 'second_language', label: '第二外語' },
] as const;

export const departmentName = (code: string): string => DEPARTMENTS.find((d) => d.value === code)?.label ?? code;
export const subjectName = (code: string): string => SUBJECTS.find((s) => s.value === code)?.label ?? code;
