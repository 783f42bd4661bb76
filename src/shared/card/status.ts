// A card's (or template's) PDF state and lock flag; docs/cards.md explains each value.
export const CARD_STATUSES = ['draft', 'converting', 'converted', 'failed'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** Who may see a document: the whole system, one school, or one user. */
export const PRIVACIES = ['system', 'client', 'user'] as const;
export type Privacy = (typeof PRIVACIES)[number];

/**
 * `disabled` 0: the content may be edited (2: made from a template marked 固定格式). Non-zero: locked — the reason says why, so the UI can
 * explain it. A locked document can still be previewed, printed and copied (a copy is unlocked).
 */
export const DISABLED_REASONS = { editable: 0, shared: 1, fixedFormat: 2, converting: 3 } as const;
