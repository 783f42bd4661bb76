import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { Request, Response } from 'express';
import type { ErrorShapeData } from '../../shared/errors';
import type { AppError } from '../../core/errors/app-error';
import { describeError } from '../../core/errors/describe-error';
import { APP_TO_TRPC } from '../../core/errors/trpc-codes';
import { localeOf } from '../http/request-meta';

/**
 * A refusal made before tRPC sees the request (a body too large or too deep), in the error shape
 * tRPC's own errorFormatter gives (src/server/trpc/init.ts), so the client reads it the same way.
 */
export function sendTrpcError(error: AppError, req: Request, res: Response): void {
  const described = describeError(error, localeOf(req));
  const code = APP_TO_TRPC[described.appCode];
  const data: ErrorShapeData & { code: string } = { code, httpStatus: described.status, appCode: described.appCode };
  res.status(described.status).json({ error: { message: described.message, code: TRPC_ERROR_CODES_BY_KEY[code], data } });
}
