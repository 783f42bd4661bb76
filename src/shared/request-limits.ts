/**
 * Bounds on what one request may carry, the same on both doors (tRPC and the legacy API): a body
 * larger than its cap is refused with 413 before it is parsed, JSON nested deeper than this is
 * refused before it is parsed, and a tRPC batch carries at most this many calls.
 */
export const REQUEST_BODY_MAX_BYTES = 20 * 1024 * 1024;
/**
 * The cap of every call not named in src/shared/body-caps.ts, and of every caller not signed in:
 * a list, a form or a key is a few kilobytes; only uploads and page saves are larger.
 */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
/** A card page (the deepest document we accept) nests well under 20 levels. */
export const JSON_MAX_DEPTH = 64;
export const TRPC_MAX_BATCH = 10;
