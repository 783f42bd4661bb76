import { IMPORT_MAX_BYTES } from '../../shared/limits';
import type { TUpload } from '../../shared/schemas/upload';
import { AppError } from '../../core/errors/app-error';
import type { UploadedFile } from '../../core/services/import/uploaded-file';

/** The tRPC upload as the multipart door hands it over, so both reach the import services alike. */
export function uploadedFile(input: TUpload): UploadedFile {
  const buffer = Buffer.from(input.content, 'base64');
  if (buffer.length > IMPORT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'import.tooLarge');
  return { originalname: input.filename, mimetype: 'application/octet-stream', size: buffer.length, buffer };
}
