import type { Response } from 'express';
import type { DescribedError } from '../../core/errors/describe-error';
import type { LegacyAnswer } from './action';

/** `{code, status, message, data}` with the HTTP status equal to `code` (LEGACY-API.md). */
export function sendAnswer(res: Response, answer: LegacyAnswer, defaultMessage: string): void {
  if (answer.kind === 'file') {
    res
      .status(200)
      .type(answer.contentType)
      .setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(answer.filename)}`)
      .send(answer.body);
    return;
  }
  res.status(200).json({ code: 200, status: 'success', message: answer.message ?? defaultMessage, data: answer.data ?? null });
}

export function sendError(res: Response, error: DescribedError): void {
  const body: Record<string, unknown> = { code: error.status, status: 'error', message: error.message };
  if (error.fields) body.fields = error.fields;
  res.status(error.status).json(body);
}
