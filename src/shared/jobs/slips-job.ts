import { z } from 'zod';
import { LOCALES } from '../limits';

/**
 * A slips job (成績單, docs/grading.md "Slips through a job"): one class's — or one student's —
 * slips composed by the worker, so a large class never holds a request. The job carries who asked
 * (the actor's school, user and rights as they were when the request passed its checks), in which
 * language, and the download's input; the file goes to `slipsFileKey`.
 */
export const ZSlipsJob = z.object({
  actor: z.object({
    userId: z.number().int().positive(),
    clientId: z.number().int().positive(),
    role: z.string(),
    name: z.string(),
    account: z.string(),
    school: z.object({ code: z.string(), name: z.string() }),
    permissions: z.array(z.string()),
  }),
  locale: z.enum(LOCALES),
  input: z.object({
    guid: z.string(),
    grade: z.number().int(),
    class: z.number().int(),
    student_number: z.string().optional(),
    rank: z.boolean(),
    scans: z.boolean(),
  }),
});
export type TSlipsJob = z.infer<typeof ZSlipsJob>;

/** What a finished job answers: the stored file, or the refusal (a catalogue key and its parameters) in place of a file. */
export type SlipsJobResult = { key: string; filename: string } | { error: string; params: Record<string, string | number> };

/** Where a job's PDF is stored (under the school's print folder: pruned with the school). */
export const slipsFileKey = (clientId: number, jobId: string): string => `print/${clientId}/slips/${jobId}.pdf`;
