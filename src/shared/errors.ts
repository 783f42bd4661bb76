// One error vocabulary for both doors (tRPC and the legacy API) and the client.
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Extra data every tRPC error carries to the client (see src/server/trpc/init.ts). */
export interface ErrorShapeData {
  httpStatus: number;
  appCode: ErrorCode;
  /** Field name → message, for invalid input. */
  fields?: Record<string, string>;
}
