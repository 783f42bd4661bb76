import type { Upload } from './upload-queue';
import type { CaptureResult, SheetStatus } from './use-capture-queue';

/**
 * Where a captured sheet stands, as the phone shows it (docs/scan-batches.md "Capture with a
 * phone"): on its way up (with the upload's percentage), waiting for the network, refused, waiting
 * for a worker, being read, or read — its student and score, or why it was set aside.
 */
export type Stage =
  | { step: 'upload'; percent: number | null }
  | { step: 'offline' }
  | { step: 'refused'; error: string }
  | { step: 'queue' }
  | { step: 'read' }
  | { step: 'missing' }
  | { step: 'done'; result: CaptureResult };

/** The steps drawn as a bar while a sheet is on its way, in order. */
export const STEPS = ['upload', 'queue', 'read', 'done'] as const;

export function stageOf(item: Upload, status: SheetStatus | undefined): Stage {
  if (item.state === 'waiting' || item.state === 'sending') return { step: 'upload', percent: item.percent };
  if (item.state === 'retrying') return { step: 'offline' };
  if (item.state === 'refused') return { step: 'refused', error: item.error ?? '' };
  if (status?.result) return { step: 'done', result: status.result };
  if (status?.state === 'missing') return { step: 'missing' };
  return status?.state === 'reading' ? { step: 'read' } : { step: 'queue' };
}

/** How far along the bar a stage is (0 upload … 3 done); the network's and the refusal's stay on upload. */
export function stepIndex(stage: Stage): number {
  if (stage.step === 'offline' || stage.step === 'refused') return 0;
  if (stage.step === 'missing') return 3;
  return STEPS.indexOf(stage.step);
}

/** Still on its way: the phone keeps counting the seconds since the capture. */
export const isUnderway = (stage: Stage) => stage.step === 'upload' || stage.step === 'offline' || stage.step === 'queue' || stage.step === 'read';
