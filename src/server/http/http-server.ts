import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Request, Response } from 'express';

/** Set on a request whose client waits for `100 Continue` before it sends its body. */
const AWAITS_CONTINUE = Symbol('awaits 100-continue');
type Marked = IncomingMessage & { [AWAITS_CONTINUE]?: boolean };

/**
 * The HTTP server of the app. Node answers `Expect: 100-continue` by itself unless told otherwise,
 * so a client (curl sends it for bodies over 1 MB) would send a whole upload that is then refused:
 * here the request reaches the app unanswered, and the body judge (body-judge.ts) says "continue"
 * only once it has decided to read the body — a refused upload is never sent at all.
 */
export function createHttpServer(app: (req: IncomingMessage, res: ServerResponse) => void): http.Server {
  const server = http.createServer(app);
  server.on('checkContinue', (req: Marked, res: ServerResponse) => {
    req[AWAITS_CONTINUE] = true;
    app(req, res);
  });
  return server;
}

/** The judge decided to read the body: a client waiting for leave to send it gets it now. */
export function letBodyCome(req: Request, res: Response): void {
  const marked = req as Marked;
  if (!marked[AWAITS_CONTINUE]) return;
  marked[AWAITS_CONTINUE] = false;
  res.writeContinue();
}
