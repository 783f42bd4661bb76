import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Structured logs: one JSON object a line on stdout (a host's log collector reads them as they
 * are), with the request id of the request being served — and, in the worker, of the request that
 * queued the job — so one id finds a print from its click to its file (docs/deployment.md).
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

const context = new AsyncLocalStorage<{ requestId: string }>();
// Under NODE_ENV=test (in-process test apps) only errors, so request lines do not bury the report.
const settings = { service: 'server', min: process.env.NODE_ENV === 'test' ? RANK.error : RANK.info };

/** Set once at start: which process writes, and the least level written (LOG_LEVEL, when set). */
export function configureLog(service: string, level: LogLevel | undefined): void {
  settings.service = service;
  if (level) settings.min = RANK[level];
}

/** Runs `fn` with `requestId` as the id every log line within it carries. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return context.run({ requestId }, fn);
}

export const currentRequestId = (): string | undefined => context.getStore()?.requestId;

export function log(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  if (RANK[level] < settings.min) return;
  const requestId = fields.requestId ?? currentRequestId();
  const line = { time: new Date().toISOString(), level, service: settings.service, msg, ...(requestId ? { requestId } : {}), ...fields };
  process.stdout.write(`${JSON.stringify(line, errorFields)}\n`);
}

/** Errors as their name, message and first stack lines: JSON.stringify would write `{}`. */
function errorFields(_key: string, value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message, stack: value.stack?.split('\n').slice(0, 4).join('\n') } : value;
}
