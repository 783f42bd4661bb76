import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { log, withRequestId } from '../../core/ops/log';

// A proxy's or caller's id is kept when it is a plain token, so one id spans the whole chain.
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Gives each request an id (X-Request-Id in and out), runs the rest of the request with it as the
 * log context — services queueing a job copy it into the job (docs/deployment.md, "Logs") — and
 * logs one line when the response is sent. Health checks are not logged: a host asks every few seconds.
 */
export function requestContext(): RequestHandler {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    const path = req.originalUrl.split('?')[0]; // before routers strip their mount path
    if (req.path !== '/healthz' && req.path !== '/readyz') {
      res.once('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        log(res.statusCode >= 500 ? 'error' : 'info', 'request', { requestId, method: req.method, path, status: res.statusCode, ms: Math.round(ms) });
      });
    }
    withRequestId(requestId, next);
  };
}
