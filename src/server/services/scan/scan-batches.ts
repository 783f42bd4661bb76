import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { Locale } from '../../../shared/limits';
import { SCAN_MAX_PAGES } from '../../../shared/scan-limits';
import { batchesOfDocument, pagesOfBatch } from '../../repos/scan.repo';
import type { ScanBatchRow } from '../../db/tables/scan.table';
import { schoolTime } from '../cards/card-rows';
import { readableBatch, readableCard } from './scan-access';
import { storedFailureText } from '../../errors/library-messages';

// Reading a batch back: its state and progress (the screen polls it like the print modal), and
// each page as LEGACY-API.md "scanBatch" describes it.

const RECENT_BATCHES = 50;

/** A refusal is stored as its catalogue key (translated here); any other failure's own text is a library's, shown as our generic message. */
const errorText = (locale: Locale, error: string | null): string | null => (error ? storedFailureText(locale, error, { max: SCAN_MAX_PAGES }) : null);

function batchSummary(locale: Locale, b: ScanBatchRow) {
  return {
    batch_id: b.id,
    filename: b.filename,
    username: b.username,
    state: b.state,
    pages_total: b.pages_total,
    pages_done: b.pages_done,
    error: errorText(locale, b.error),
    created_at: schoolTime(b.created_at),
    finished_at: b.finished_at ? schoolTime(b.finished_at) : null,
  };
}

export async function listScanBatches(deps: Deps, actor: Actor, locale: Locale, guid: string) {
  const doc = await readableCard(deps.db, actor, guid);
  return (await batchesOfDocument(deps.db, actor.clientId, doc.id, RECENT_BATCHES)).map((b) => batchSummary(locale, b));
}

export async function getScanBatch(deps: Deps, actor: Actor, locale: Locale, batchId: number) {
  const batch = await readableBatch(deps.db, actor, batchId);
  const pages = batch.state === 'done' ? await pagesOfBatch(deps.db, batch.id) : [];
  return {
    ...batchSummary(locale, batch),
    guid: batch.guid,
    pages: pages.map((p) => ({
      page_id: p.id,
      index: p.page_index,
      status: p.status,
      discarded: Boolean(p.discarded),
      card_page: p.card_page,
      version: p.version ?? null,
      upside_down: Boolean(p.upside_down),
      student_number: p.student_number ?? null,
      name: p.student_name ?? null,
      grade: p.grade ?? null,
      class: p.class ?? null,
      seat: p.seat ?? null,
      answers: JSON.parse(p.answers) as Record<string, string>,
      flags: JSON.parse(p.flags) as Record<string, string>,
    })),
  };
}
