import { departmentName, subjectName } from '../../../shared/card/catalogue';
import type { CardStatus, Privacy } from '../../../shared/card/status';
import { pdfFailureMessage } from '../../../shared/card/pdf-failure';
import { translate } from '../../../shared/i18n/translate';
import type { Locale } from '../../../shared/limits';

// Rows as both doors answer them (back-office.md §3 "Card list row", "Template").

const TAIPEI = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** 'YYYY-MM-DD HH:mm:ss', school time: what the legacy lists showed. */
export const schoolTime = (date: Date): string => TAIPEI.format(date);

interface ListedDocument {
  guid: string;
  title: string;
  description: string;
  department: string;
  subject: string;
  mode: string;
  size: string;
  privacy: Privacy;
  share: number;
  author: string;
  status: CardStatus;
  /** Why the last conversion failed (status 'failed'): a code of src/shared/card/pdf-failure.ts. */
  pdf_error?: string | null;
  disabled: number;
  client_id: number;
  created_at: Date;
}

/** Why the last conversion failed, in the caller's language (never the worker's raw text). */
const failureText = (row: ListedDocument, locale: Locale): string | null => (row.pdf_error ? translate(locale, pdfFailureMessage(row.pdf_error)) : null);

export function toCardRow(row: ListedDocument, locale: Locale) {
  return {
    guid: row.guid,
    title: row.title,
    department: row.department,
    subject: row.subject,
    Dep_Name: departmentName(row.department),
    Sub_Name: subjectName(row.subject),
    mode: row.mode,
    size: row.size,
    privacy: row.privacy,
    to_client: row.client_id,
    share: row.share,
    author: row.author,
    status: row.status,
    pdf_error: failureText(row, locale),
    disabled: row.disabled,
    created_at: schoolTime(row.created_at),
  };
}
export type CardRow = ReturnType<typeof toCardRow>;

export function toTemplateRow(row: ListedDocument, locale: Locale) {
  return {
    guid: row.guid,
    title: row.title,
    description: row.description,
    mode: row.mode,
    size: row.size,
    privacy: row.privacy,
    author: row.author,
    status: row.status,
    pdf_error: failureText(row, locale),
    disabled: row.disabled,
    created_at: schoolTime(row.created_at),
  };
}
export type TemplateRow = ReturnType<typeof toTemplateRow>;
