import { z } from 'zod';

// Legacy multipart forms send every field as a string and an absent id as ''; both doors share these.
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const zId = z.coerce.number({ error: 'validation.invalid' }).int().positive('validation.invalid');
export const zOptionalId = z.preprocess(blankToUndefined, zId.optional());

export const ZClientIdSchema = z.object({ client_id: zOptionalId });
export type TClientId = z.infer<typeof ZClientIdSchema>;
