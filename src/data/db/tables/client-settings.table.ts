import type { Generated, Selectable } from 'kysely';

/** Per-school settings; list columns hold JSON text written only by services/clients/settings. */
export interface ClientSettingsTable {
  client_id: number;
  /** JSON string[] of CARD_MODES values. */
  data_mode: string;
  /** JSON string[] of CARD_SIZES values. */
  data_size: string;
  /** JSON {key, value}[]: template category → default template guid. */
  vcards: string;
  image_text_blocks: Generated<number>;
  updated_at: Generated<Date>;
}

export type ClientSettingsRow = Selectable<ClientSettingsTable>;
