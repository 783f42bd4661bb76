import type { Job } from 'bullmq';
import type { TSlipsInput } from '../../../shared/schemas/grading';
import { translate } from '../../../shared/i18n/translate';
import type { Locale } from '../../../shared/limits';
import { slipsFileKey, type SlipsJobResult, type TSlipsJob } from '../../../shared/jobs/slips-job';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { readableCard } from '../scan/scan-access';

// Slips through a job (docs/grading.md "Slips through a job"): the 成績 tab's 成績單 asks the
// worker to compose the class's slips (`slips` queue, src/worker/slips-worker.ts) and follows its
// progress, so a large class never holds a request; the file is fetched once made. A job is
// reachable only by the user who asked for it, in their school (404 otherwise). The legacy
// `download slips` keeps answering the PDF directly (docs/legacy-api.md).

export interface SlipsStatus {
  state: 'waiting' | 'active' | 'done' | 'failed';
  done: number;
  total: number;
  /** When failed: why, in the caller's language. */
  error: string | null;
  filename: string | null;
}

export async function startSlips(deps: Deps, actor: Actor, locale: Locale, input: TSlipsInput): Promise<{ job_id: string }> {
  await readableCard(deps.db, actor, input.guid);
  const data: TSlipsJob = {
    actor: { userId: actor.userId, clientId: actor.clientId, role: actor.role, name: actor.name, account: actor.account, school: actor.school, permissions: [...actor.permissions] },
    locale,
    input: { guid: input.guid, grade: input.grade, class: input.class, ...(input.student_number !== undefined ? { student_number: input.student_number } : {}), rank: input.rank, scans: input.scans },
  };
  const job = await deps.slipsQueue.add('compose', data);
  return { job_id: String(job.id) };
}

async function ownJob(deps: Deps, actor: Actor, jobId: string): Promise<Job<TSlipsJob, SlipsJobResult>> {
  const job = (await deps.slipsQueue.getJob(jobId)) as Job<TSlipsJob, SlipsJobResult> | undefined;
  if (!job || job.data.actor.clientId !== actor.clientId || job.data.actor.userId !== actor.userId) throw new AppError('NOT_FOUND', 'grading.slipsJobMissing');
  return job;
}

export async function slipsStatus(deps: Deps, actor: Actor, locale: Locale, jobId: string): Promise<SlipsStatus> {
  const job = await ownJob(deps, actor, jobId);
  const state = await job.getState();
  const progress = typeof job.progress === 'object' && job.progress !== null ? (job.progress as { done?: number; total?: number }) : {};
  const base = { done: progress.done ?? 0, total: progress.total ?? 0, error: null, filename: null };
  if (state === 'completed') {
    // The job was read before its state: finished in between, its result is in a fresh read (else still on its way).
    const result = job.returnvalue ?? ((await deps.slipsQueue.getJob(jobId)) as Job<TSlipsJob, SlipsJobResult> | undefined)?.returnvalue;
    if (!result) return { ...base, state: 'active' };
    if ('error' in result) return { ...base, state: 'failed', error: translate(locale, result.error, result.params) };
    return { ...base, state: 'done', done: base.total, filename: result.filename };
  }
  if (state === 'failed') return { ...base, state: 'failed', error: translate(locale, 'grading.slipsJobFailed') };
  return { ...base, state: state === 'active' ? 'active' : 'waiting' };
}

/** The made PDF as base64 (the screen saves it under its name). */
export async function slipsJobFile(deps: Deps, actor: Actor, jobId: string): Promise<{ filename: string; base64: string }> {
  const job = await ownJob(deps, actor, jobId);
  const result = (await job.getState()) === 'completed' ? job.returnvalue : null;
  if (!result || 'error' in result) throw new AppError('NOT_FOUND', 'grading.slipsJobMissing');
  const body = await deps.storage.get(slipsFileKey(actor.clientId, String(job.id)));
  if (!body) throw new AppError('NOT_FOUND', 'grading.slipsJobMissing');
  return { filename: result.filename, base64: body.toString('base64') };
}
