// Limits of written grading (docs/grading.md), defined once for the input schemas
// (src/shared/schemas/grading.ts), the messages that name them and the screens. No zod here: the
// message catalogues import this, and they load before the client turns zod's JIT off.

export const RUBRIC_ITEMS_MAX = 20;
export const DESCRIPTION_MAX = 500;
export const COMMENT_MAX = 1000;
/** Rows one typed-grid or legacy `save writtenScores` call may write. */
export const WRITTEN_SCORES_MAX = 5000;
