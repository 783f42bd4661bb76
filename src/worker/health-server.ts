import type { Worker } from 'bullmq';
import { createServer, type Server } from 'node:http';
import { pingDb, type Db } from '../data/db/database';
import { checkReadiness, STORAGE_PROBE_KEY } from '../core/ops/readiness';
import type { FileStorage } from '../data/storage/file-storage';

/**
 * The worker's readiness signal, on WORKER_HEALTH_PORT (docs/deployment.md): `/healthz` while the
 * process is up; `/readyz` 200 while every BullMQ worker runs and is not closing, and MySQL, Redis
 * and storage answer — 503 during a SIGTERM drain or when a dependency is gone.
 */
export function startHealthServer(port: number, host: string, deps: { db: Db; storage: FileStorage; workers: Worker[]; redis: () => Promise<unknown> }): Server {
  const server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
    };
    if (req.url === '/healthz') return reply(200, { ok: true });
    if (req.url !== '/readyz') return reply(404, { ok: false });
    void checkReadiness({
      workers: async () => {
        const stopped = deps.workers.filter((worker) => !worker.isRunning() || worker.closing !== undefined).map((worker) => worker.name);
        if (stopped.length > 0) throw new Error(`not running: ${stopped.join(', ')}`);
      },
      database: () => pingDb(deps.db),
      redis: deps.redis,
      storage: () => deps.storage.stat(STORAGE_PROBE_KEY),
    }).then((readiness) => reply(readiness.ready ? 200 : 503, readiness));
  });
  server.listen(port, host);
  return server;
}
