import { TRPCError } from '@trpc/server';
import { ERROR_STATUS, type ErrorCode } from '../../shared/errors';
import type { Locale } from '../../shared/limits';
import { isMessageKey, translate, translateMessage, translateParams } from '../../shared/i18n/translate';
import { AppError } from './app-error';
import { requestFaultOf } from './library-messages';
import { log } from '../ops/log';

export interface DescribedError {
  status: number;
  appCode: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}


/** Turns anything thrown into what a person reads; only faults (5xx) are logged. */
export function describeError(error: unknown, locale: Locale): DescribedError {
  const cause = error instanceof TRPCError && error.cause ? error.cause : error;
  if (cause instanceof AppError) return fromAppError(cause, locale);
  const issues = issuesOf(cause);
  if (issues) return fromIssues(issues, locale);
  // A library's refusal (tRPC, Express, a bad escape) in our words; never its own text.
  const refusal = requestFaultOf(error);
  if (refusal) return fromAppError(refusal, locale);
  log('error', 'fault', { error });
  return { status: 500, appCode: 'INTERNAL', message: translate(locale, 'error.internal') };
}

function fromAppError(error: AppError, locale: Locale): DescribedError {
  const params = translateParams(locale, error.params);
  const fields = error.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translate(locale, v, params)]))
    : undefined;
  return { status: ERROR_STATUS[error.code], appCode: error.code, message: translateMessage(locale, error), fields };
}

/**
 * What a person calls the field at `path` (its deepest segment with a label: `r3.role` is 身分,
 * `data_mode.0` is 卷卡模式); undefined when none has one, so a raw key never reaches a message.
 */
export function fieldLabel(locale: Locale, path: readonly PropertyKey[]): string | undefined {
  for (const segment of [...path].reverse()) {
    const key = `field.${String(segment)}`;
    if (isMessageKey(key)) return translate(locale, key);
  }
  return undefined;
}

export function fromIssues(issues: readonly IssueLike[], locale: Locale): DescribedError {
  const fields: Record<string, string> = {};
  const shown: string[] = [];
  for (const issue of issues) {
    const name = issue.path.map(String).join('.') || 'body';
    if (name in fields) continue;
    // A schema's own message is a catalogue key (any area's); zod's built-in English texts are not.
    fields[name] = translate(locale, isMessageKey(issue.message) ? issue.message : 'validation.invalid');
    const label = fieldLabel(locale, issue.path);
    const line = label ? `${label}（${fields[name]}）` : fields[name];
    if (!shown.includes(line)) shown.push(line);
  }
  return { status: 400, appCode: 'BAD_REQUEST', message: translate(locale, 'validation.fields', { fields: shown.join('、') }), fields };
}

function issuesOf(value: unknown): readonly IssueLike[] | undefined {
  if (typeof value !== 'object' || value === null || !('issues' in value)) return undefined;
  const issues = value.issues;
  return Array.isArray(issues) ? (issues as IssueLike[]) : undefined;
}
