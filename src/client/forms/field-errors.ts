import type { z } from 'zod';
import type { MessageKey } from '../../shared/i18n/tw';
import { isMessageKey } from '../../shared/i18n/translate';

export type FieldErrors<T> = Partial<Record<keyof T & string, MessageKey>>;

/**
 * Runs a shared zod schema over a form's values and keeps the first message per field, so
 * each field shows one catalogue message (the spec's wording) rather than a list.
 */
export function fieldErrors<T extends Record<string, unknown>>(
  schema: z.ZodType<unknown, T>,
  values: T,
): FieldErrors<T> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<T> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in values)) continue;
    const key = field as keyof T & string;
    if (errors[key] === undefined) {
      errors[key] = isMessageKey(issue.message) ? issue.message : 'validation.invalid';
    }
  }
  return errors;
}

export function hasErrors<T>(errors: FieldErrors<T>): boolean {
  return Object.keys(errors).length > 0;
}
