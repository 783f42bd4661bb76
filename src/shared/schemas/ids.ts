import { z } from 'zod';

// Legacy multipart forms send every field as a string and an absent id as ''; both doors share these.
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const DECIMAL_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A number given as a JSON number or as plain decimal text (legacy forms send strings). Unlike
 * z.coerce.number() (Number()), "0x10", "1e3", "", [1] and true are not numbers.
 */
export function numeric<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && DECIMAL_TEXT.test(v) ? Number(v) : v), schema);
}

export const zId = numeric(z.number({ error: 'validation.invalid' }).int().positive('validation.invalid'));
export const zOptionalId = z.preprocess(blankToUndefined, zId.optional());

export const ZClientIdSchema = z.object({ client_id: zOptionalId });

