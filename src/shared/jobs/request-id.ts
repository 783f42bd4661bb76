import { z } from 'zod';

/** The id of the request that queued a job, carried into the worker's log lines (docs/deployment.md, "Logs"). */
export const ZRequestId = z.string().max(64).optional();
