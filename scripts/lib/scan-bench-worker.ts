import { rm } from 'node:fs/promises';
import { benchWorkerFlags } from './app-processes';
import { bundle } from './build-worker';

// The scan benchmarks' worker process (scripts/bench-scan-worker.ts) started the way production
// starts its worker: its entry bundled like src/worker/main.ts (node runs it, not tsx, whose loader
// and compiled-source cache add ~22 MiB to the heap every full collection walks) and node's flags
// of the worker (scripts/lib/app-processes.ts NODE_FLAGS, docker-compose.yml).
// BENCH_WORKER_NODE_FLAGS and BENCH_WORKER_NODE_ARGS change them (app-processes.ts benchWorkerFlags).

interface ScanBenchWorker {
  /** node's arguments: flags, then the bundle. */
  args: string[];
  /** The node flags in effect, for the benchmark's output. */
  flags: string;
  /** Removes the bundle. */
  remove(): Promise<void>;
}

export async function scanBenchWorker(): Promise<ScanBenchWorker> {
  const dir = `dist/bench/scan-worker-${process.pid}`;
  const entry = await bundle('scripts/bench-scan-worker.ts', dir);
  const flags = benchWorkerFlags();
  return { args: [...flags, entry], flags: flags.join(' ') || '(none)', remove: () => rm(dir, { recursive: true, force: true }) };
}
