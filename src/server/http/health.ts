import { Router } from 'express';
import type { Deps } from '../../core/deps';
import { pingDb } from '../../data/db/database';
import { checkReadiness, STORAGE_PROBE_KEY } from '../../core/ops/readiness';

/** Shared with main.ts: set when SIGTERM starts the drain, so /readyz sends load elsewhere. */
export interface Lifecycle {
  draining: boolean;
}

/**
 * `/healthz`: the process is up (a host restarts it otherwise). `/readyz`: MySQL, Redis and
 * storage answer and the server is not draining (a load balancer sends it requests only then);
 * 503 with each check's state otherwise (docs/deployment.md).
 */
export function healthRoutes(deps: Deps, lifecycle: Lifecycle): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  router.get('/readyz', async (_req, res) => {
    const readiness = await checkReadiness({
      database: () => pingDb(deps.db),
      redis: () => deps.redis.ping(),
      storage: () => deps.storage.stat(STORAGE_PROBE_KEY),
    });
    const ready = readiness.ready && !lifecycle.draining;
    res.status(ready ? 200 : 503).setHeader('Cache-Control', 'no-store').json({ ...readiness, ready, draining: lifecycle.draining });
  });
  return router;
}
