/**
 * Live sessions per user: signing in past `maxPerUser` ends the oldest ones, so a script signing
 * in in a loop cannot pile up rows. `touchSeconds`: how stale a session's "last used" may get
 * before a request refreshes it (one write per few minutes, not one per request).
 */
export const SESSION_LIMITS = {
  maxPerUser: 20,
  touchSeconds: 5 * 60,
} as const;
