import busboy from 'busboy';
import { mkdir } from 'node:fs/promises';
import type { Request } from 'express';
import { MULTIPART_LIMITS } from '../../shared/body-caps';
import { AppError } from '../../core/errors/app-error';
import { receiveFile, removeUpload, type FileRule, type FormFile } from './upload-storage';

export interface Form {
  fields: Record<string, string>;
  file?: FormFile;
}

/** Decides how the file part is taken from the fields before it (none when the file comes first); throws to refuse it unread. */
export type FileRuleOf = (fieldsSoFar: Readonly<Record<string, string>>) => Promise<FileRule>;

// Names that would reach an object's prototype are dropped rather than stored as fields.
const UNSAFE_NAME = /^(__proto__|constructor|prototype)$/;

/**
 * Reads a multipart form within MULTIPART_LIMITS: small fields, one part named `file`. Any breach
 * (a field too long, too many parts, a second file, a file over its rule's cap, a truncated or
 * malformed body) refuses the whole form at once: parsing stops, nothing more of the body is
 * read, a temporary file is removed, and the caller answers with the connection closed.
 */
export function readForm(req: Request, dir: string, ruleOf: FileRuleOf): Promise<Form> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: MULTIPART_LIMITS, defParamCharset: 'utf8' });
    } catch {
      return reject(new AppError('BAD_REQUEST', 'request.badMultipart'));
    }
    const fields: Record<string, string> = {};
    const abort = new AbortController();
    let file: Promise<FormFile> | undefined;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.pause();
      parser.removeAllListeners();
      parser.on('error', () => undefined);
      abort.abort(error);
      void file?.then(removeUpload, () => undefined);
      reject(error);
    };
    const refuse = (key: 'request.fieldTooLong' | 'request.tooManyFields' | 'request.tooManyFiles' | 'request.fileField' | 'request.badMultipart') => () =>
      fail(new AppError('BAD_REQUEST', key));

    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return refuse('request.fieldTooLong')();
      if (!UNSAFE_NAME.test(name)) fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      // A form cut short inside its file fails the file stream too; the form's own error answers it.
      stream.on('error', () => undefined);
      if (name !== 'file' || file) return refuse('request.fileField')();
      // Nothing of the file is read until the rule is known: a stream without a reader waits.
      file = ruleOf({ ...fields }).then(async (rule) => {
        if (rule.toDisk) await mkdir(dir, { recursive: true });
        return receiveFile(stream, { filename: info.filename ?? '', mimeType: info.mimeType }, rule, dir, abort.signal);
      });
      file.catch(fail);
    });
    parser.on('fieldsLimit', refuse('request.tooManyFields'));
    parser.on('partsLimit', refuse('request.tooManyFields'));
    parser.on('filesLimit', refuse('request.tooManyFiles'));
    parser.on('error', refuse('request.badMultipart'));
    parser.on('close', () => {
      void (file ?? Promise.resolve(undefined)).then((received) => {
        if (settled) return void removeUpload(received);
        settled = true;
        resolve({ fields, file: received });
      }, fail);
    });
    // A client that goes away mid-body: the form is refused (nobody hears it) and its file removed.
    req.on('close', () => !req.complete && refuse('request.badMultipart')());
    req.pipe(parser);
  });
}
