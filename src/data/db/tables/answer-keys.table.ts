import type { Generated, Selectable } from 'kysely';

/** One question of a card's answer key (migration 0700, docs/scores.md). */
export interface AnswerKeysTable {
  id: Generated<number>;
  client_id: number;
  document_id: number;
  q: number;
  answer: Generated<string>;
  /** JSON array of the other accepted answers. */
  accepted: Generated<string>;
  /** decimal(7,2): mysql2 returns it as a string. */
  points: Generated<string | number>;
  rule: Generated<string>;
  bonus: Generated<boolean>;
  dropped: Generated<boolean>;
  user_id: number | null;
  username: Generated<string>;
  updated_at: Generated<Date>;
}
export type AnswerKeyRow = Selectable<AnswerKeysTable>;

/** Where a question of a version's sheet sits in the master key (migration 0753, docs/scores.md "Versions"). */
export interface VersionQuestionsTable {
  id: Generated<number>;
  client_id: number;
  document_id: number;
  version: string;
  q: number;
  master_q: number;
  /** JSON array: the master option each printed option stands for, in printed order; null when unchanged. */
  options: string | null;
  user_id: number | null;
  username: Generated<string>;
  updated_at: Generated<Date>;
}
