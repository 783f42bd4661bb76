import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Deps } from '../core/deps';
import { describeError } from '../core/errors/describe-error';
import { onBodyError, trpcJsonBody } from './http/bounded-body';
import { judgeBeforeReading } from './http/body-judge';
import { cardAssets } from './http/card-assets';
import { refuseMalformedCookies } from './http/cookie-check';
import { healthRoutes, type Lifecycle } from './http/health';
import { requestContext } from './http/request-context';
import { sameOriginMutations } from './http/same-origin';
import { securityHeaders } from './http/security-headers';
import { localeOf } from './http/request-meta';
import { legacyGateway } from './legacy/gateway';
import { sendError } from './legacy/envelope';
import { contextFactory } from './trpc/init';
import { appRouter } from './trpc/router';
import { sendTrpcError } from './trpc/send-error';
import { trpcProspect } from './trpc/trpc-prospect';
import { REQUEST_BODY_MAX_BYTES, TRPC_MAX_BATCH } from '../shared/request-limits';

/** One Express app, two doors (tRPC and the legacy API) over the same services, plus the built client. */
export function createApp(deps: Deps, lifecycle: Lifecycle = { draining: false }): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.TRUST_PROXY ?? 'loopback');
  app.use(securityHeaders);

  app.use(requestContext());
  app.use(healthRoutes(deps, lifecycle));
  app.use(['/api', '/assets'], refuseMalformedCookies((error, req, res) => sendError(res, describeError(error, localeOf(req)))));
  app.use('/trpc', refuseMalformedCookies(sendTrpcError));
  app.use(legacyGateway(deps));
  app.use(cardAssets(deps));
  app.use(
    '/trpc',
    sameOriginMutations(sendTrpcError),
    judgeBeforeReading(deps, trpcProspect, sendTrpcError),
    trpcJsonBody,
    onBodyError(sendTrpcError),
    createExpressMiddleware({
      router: appRouter,
      createContext: contextFactory(deps),
      maxBodySize: REQUEST_BODY_MAX_BYTES,
      maxBatchSize: TRPC_MAX_BATCH,
    }),
  );
  serveClient(app, path.resolve(deps.config.CLIENT_DIST));

  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    sendError(res, describeError(error, localeOf(req)));
  });
  return app;
}

/** History routing: any GET that is not a file, the API or tRPC gets index.html. */
function serveClient(app: express.Express, dist: string): void {
  const index = path.join(dist, 'index.html');
  app.use(express.static(dist, { index: false, maxAge: '1h', immutable: false }));
  app.get(/^(?!\/(api|trpc)(\/|$)).*/, (_req, res) => {
    if (!existsSync(index)) {
      res.status(503).type('text').send('The client is not built yet: run `npm start` (or `npx vite build`).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
