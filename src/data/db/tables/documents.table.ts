import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { CardStatus, Privacy } from '../../../shared/card/status';

export type DocumentKind = 'card' | 'template';

/** A card or a template (docs/cards.md): the info, the privacy, the PDF state and the lock. */
export interface DocumentsTable {
  id: Generated<number>;
  guid: string;
  kind: DocumentKind;
  /** The owning school; for a user-private template, the owner's school. */
  client_id: number;
  user_id: number | null;
  author: Generated<string>;
  title: string;
  description: Generated<string>;
  department: Generated<string>;
  subject: Generated<string>;
  mode: string;
  size: string;
  privacy: Privacy;
  share: Generated<number>;
  status: Generated<CardStatus>;
  disabled: Generated<number>;
  source_id: number | null;
  pdf_key: string | null;
  /** The geometry map stored beside the PDF; set together with pdf_key (migration 0300). */
  geometry_key: Generated<string | null>;
  /** Why the last conversion failed after its retries (0301). */
  pdf_error: Generated<string | null>;
  /** The queue job whose result may be recorded; a stale job's is ignored (0302). */
  pdf_job: Generated<string | null>;
  /** A template marked 固定格式: cards made from it keep its content locked (0800). */
  fixed_format: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type DocumentRow = Selectable<DocumentsTable>;
export type NewDocument = Insertable<DocumentsTable>;
export type DocumentUpdate = Updateable<DocumentsTable>;

/** A page in the legacy shape; JSON columns hold text, parsed and validated by the service. */
export interface DocumentPagesTable {
  id: Generated<number>;
  document_id: number;
  page_no: number;
  html: string;
  css: string;
  styles: string;
  components: string;
  assets: string;
  params: string;
  updated_at: Generated<Date>;
}
export type DocumentPageRow = Selectable<DocumentPagesTable>;

export interface DocumentOptionsTable {
  document_id: number;
  code: string;
  key: string;
  value: string;
}

export interface SharesTable {
  id: Generated<number>;
  document_id: number;
  from_client_id: number;
  to_client_id: number;
  user_id: number | null;
  author: Generated<string>;
  created_at: Generated<Date>;
}

export interface PrintLogsTable {
  id: Generated<number>;
  document_id: number;
  client_id: number;
  user_id: number | null;
  username: Generated<string>;
  filename: string;
  class: Generated<string>;
  storage_key: string;
  /** '<ticket id>-<class>' for a ticket's file, unique (0402, 0403); null for older rows. */
  ticket_key: Generated<string | null>;
  created_at: Generated<Date>;
}
export type NewPrintLog = Insertable<PrintLogsTable>;
