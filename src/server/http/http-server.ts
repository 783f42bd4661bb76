import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Request, Response } from 'express';

/** PEM files of the server's certificate (chain) and its private key. */
export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

/** Set on a request whose client waits for `100 Continue` before it sends its body. */
const AWAITS_CONTINUE = Symbol('awaits 100-continue');
type Marked = IncomingMessage & { [AWAITS_CONTINUE]?: boolean };

/**
 * The HTTP server of the app. Node answers `Expect: 100-continue` by itself unless told otherwise,
 * so a client (curl sends it for bodies over 1 MB) would send a whole upload that is then refused:
 * here the request reaches the app unanswered, and the body judge (body-judge.ts) says "continue"
 * only once it has decided to read the body — a refused upload is never sent at all.
 */
export function createHttpServer(app: (req: IncomingMessage, res: ServerResponse) => void, tls?: TlsFiles): http.Server {
  // With a certificate and key (TLS_CERT_FILE, TLS_KEY_FILE) the app speaks HTTPS itself: a phone's
  // camera (getUserMedia) works only in a secure context (docs/scan-batches.md "Capture with a phone").
  const server = tls ? https.createServer({ cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) }, app) : http.createServer(app);
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
