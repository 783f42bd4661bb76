import type { Request } from 'express';
import { TRPC_BODY_CAPS } from '../../shared/body-caps';
import type { Prospect } from '../http/body-judge';
import { appRouter } from './router';

const PROCEDURES = new Set(Object.keys(appRouter._def.procedures));

/** The procedures a tRPC URL names (`/cards.list` or a batch `/a,b`); null when one is not ours. */
function proceduresOf(req: Request): string[] | null {
  let paths: string[];
  try {
    paths = decodeURIComponent(req.path.slice(1)).split(',');
  } catch {
    return null;
  }
  return paths.every((p) => PROCEDURES.has(p)) ? paths : null;
}

/** Before the body: whether every procedure named exists, and the caps of those that take large bodies. */
export function trpcProspect(req: Request): Prospect {
  const paths = proceduresOf(req);
  return { known: paths !== null, name: req.path.slice(1, 200), caps: (paths ?? []).map((p) => TRPC_BODY_CAPS[p]) };
}
