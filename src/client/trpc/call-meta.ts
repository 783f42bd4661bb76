// Per-call options the central handlers read (react-query's typed `meta`).
export interface CallMeta extends Record<string, unknown> {
  /** The page renders 400/401/409/413/429 failures itself (login, change password). */
  inlineErrors?: boolean;
  /** No 成功 toast for this mutation even when the server sends a message. */
  silentSuccess?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}
