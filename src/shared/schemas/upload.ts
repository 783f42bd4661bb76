import { z } from 'zod';
import { IMPORT_MAX_BYTES } from '../limits';
import { zOptionalId } from './ids';

/** Base64 of at most IMPORT_MAX_BYTES; the server checks the decoded size again. */
const MAX_BASE64_CHARS = Math.ceil(IMPORT_MAX_BYTES / 3) * 4;

/** An import file through tRPC (the legacy door takes the same file as multipart). */
export const ZUploadSchema = z.object({
  client_id: zOptionalId,
  filename: z.string().min(1).max(255),
  content: z.string().max(MAX_BASE64_CHARS, 'import.tooLarge'),
});
export type TUpload = z.infer<typeof ZUploadSchema>;
