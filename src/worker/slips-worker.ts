import type { Actor } from '../core/auth/actor';
import type { UserRole } from '../data/db/tables/users.table';
import type { Db } from '../data/db/database';
import type { Deps } from '../core/deps';
import { AppError } from '../core/errors/app-error';
import { log } from '../core/ops/log';
import { slipsFile } from '../core/services/grading/slips';
import type { FileStorage } from '../data/storage/file-storage';
import type { Permission } from '../shared/permissions';
import { slipsFileKey, ZSlipsJob, type SlipsJobResult } from '../shared/jobs/slips-job';
import { startResumableWorker, type ResumableOptions, type ResumableWorker } from './resumable-worker';

// The worker of the `slips` queue (docs/grading.md "Slips through a job"): composes one class's
// slips with the same code as the direct download (services/grading/slips.ts), reports the students
// prepared as its progress, and stores the PDF; a refusal (no scanned students, a card gone) ends
// the job with its reason instead of a file. Composing is CPU work: concurrency 1.

export interface SlipsWorkerOptions extends ResumableOptions {
  storage: FileStorage;
  db: Db;
}

export function startSlipsWorker(options: SlipsWorkerOptions): ResumableWorker {
  // What slipsFile reaches of the app's deps: the database and the file storage (no queue, no Redis).
  const deps = { db: options.db, storage: options.storage } as unknown as Deps;
  return startResumableWorker(
    'slips',
    'compose',
    options,
    async (job): Promise<SlipsJobResult> => {
      const { actor: who, locale, input } = ZSlipsJob.parse(job.data);
      const actor: Actor = { ...who, role: who.role as UserRole, permissions: new Set(who.permissions as Permission[]), sessionId: '', mustChangePassword: false };
      try {
        const file = await slipsFile(deps, actor, locale, input, (done, total) => job.updateProgress({ done, total }));
        const key = slipsFileKey(who.clientId, String(job.id));
        await options.storage.put(key, file.body, 'application/pdf');
        return { key, filename: file.filename };
      } catch (error) {
        if (error instanceof AppError) return { error: error.key, params: error.params };
        throw error;
      }
    },
    async (job, error) => log('error', 'slips job failed', { jobId: job.id, error: error.message }),
  );
}
