import type { MessageKey } from '../i18n/tw';

/**
 * Why a card's or template's conversion failed, as `documents.pdf_error` keeps it: a code, never
 * the worker's raw (English) error text — that goes to the worker's log. The lists and the viewer
 * show the code's message in the user's language (docs/cards.md, "PDF state").
 */
export const PDF_FAILURES = ['timeout', 'stalled', 'clipped', 'failed'] as const;
export type PdfFailure = (typeof PDF_FAILURES)[number];

/** The code for an error's text; also reads rows written before codes were kept (raw text). */
export function pdfFailureCode(detail: string): PdfFailure {
  if ((PDF_FAILURES as readonly string[]).includes(detail)) return detail as PdfFailure;
  if (/time limit|timed? ?out/i.test(detail)) return 'timeout';
  if (/stalled/i.test(detail)) return 'stalled';
  if (/bubbles are clipped/i.test(detail)) return 'clipped';
  return 'failed';
}

export const pdfFailureMessage = (stored: string): MessageKey => `card.pdf.failed.${pdfFailureCode(stored)}`;
