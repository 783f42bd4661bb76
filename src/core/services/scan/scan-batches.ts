import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { Locale } from '../../../shared/limits';
import { pagesOfBatch, pagesOfDocument, readingsOfBatch, setBatchDeleted, studentsOfClasses } from '../../../data/repos/scan.repo';
import { reviewItemsOf } from './scan-review';
import { batchesOfListItems } from '../../../data/repos/capture.repo';
import { listItems, unitOf } from './capture-list';
import type { ScanBatchRow } from '../../../data/db/tables/scan.table';
import { schoolTime } from '../cards/card-rows';
import { readableBatch, readableCard } from './scan-access';
import { failureTextOrNull } from '../../errors/library-messages';
import { isMessageKey, translate } from '../../../shared/i18n/translate';

// Reading a batch back: its state and progress (the screen polls it like the print modal), and
// each page as LEGACY-API.md "scanBatch" describes it.

const RECENT_BATCHES = 50;

// A refusal is stored as its key and parameters (translated by failureTextOrNull); any other failure's own text is a library's, shown as our generic message.

function batchSummary(locale: Locale, b: ScanBatchRow) {
  return {
    batch_id: b.id,
    filename: b.filename,
    username: b.username,
    state: b.state,
    pages_total: b.pages_total,
    pages_done: b.pages_done,
    error: failureTextOrNull(locale, b.error),
    created_at: schoolTime(b.created_at),
    finished_at: b.finished_at ? schoolTime(b.finished_at) : null,
  };
}

/** The reader's batch warnings (scan_batches.warnings, reader/review contract), when this build stores them. */
function warningsOf(locale: Locale, b: ScanBatchRow): { kind: string; text: string; pages: number[] }[] {
  return rawWarnings(b).map((w) => ({ ...w, text: flagText(locale, w.kind) }));
}

/** A reader's flag key in words (the reader's catalogue keys `scan.flag.<kind>`), or the key itself when this build has none. */
function flagText(locale: Locale, kind: string): string {
  const key = `scan.flag.${kind}`;
  return isMessageKey(key) ? translate(locale, key) : kind;
}

/** A page's warnings from its stored reading (src/scan/page-reading.ts `flags`, `reason`); none for a reading that does not parse. */
function pageWarnings(reading: string | undefined, scannedAgain = false): { warnings: string[]; reason: string | null } {
  const again = (w: { warnings: string[]; reason: string | null }) => (scannedAgain ? { warnings: [...w.warnings, 'scanned-twice'], reason: w.reason ?? 'scanned-twice' } : w);
  try {
    const parsed = JSON.parse(reading ?? '{}') as { flags?: unknown; reason?: unknown };
    const warnings = Array.isArray(parsed.flags) ? parsed.flags.filter((f): f is string => typeof f === 'string') : [];
    return again({ warnings, reason: typeof parsed.reason === 'string' ? parsed.reason : null });
  } catch {
    return again({ warnings: [], reason: null });
  }
}

function rawWarnings(b: ScanBatchRow): { kind: string; pages: number[] }[] {
  const raw = (b as { warnings?: unknown }).warnings;
  if (typeof raw !== 'string') return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? parsed.filter((w: { kind?: unknown; pages?: unknown } | null): w is { kind: string; pages: number[] } => typeof w?.kind === 'string' && Array.isArray(w.pages)) : [];
  } catch {
    return [];
  }
}

export type BatchFigures = ReturnType<typeof emptyFigures>;
function emptyFigures() {
  return { read: 0, to_review: 0, set_aside: { wrong_card: 0, blank: 0, unidentified: 0, discarded: 0, key: 0 }, scanned_twice: 0, repeated: 0, classes: [] as { grade: number; class: number }[], missing: [] as { number: string; name: string; grade: number; class: number; seat: number }[] };
}

/**
 * What each finished list item brought (docs/scan-batches.md "Batch summary"), by `unitOf`: pages
 * read for a student, items still to review, pages set aside and why, pages of students already
 * scanned in another item, pages repeating a student page of the same item (`repeated`: the
 * later one counts), and the students of the item's classes with no sheet at all. A capture
 * session is one item: a sheet captured twice in it is `repeated`, not "scanned in another batch".
 */
export async function batchFigures(deps: Deps, clientId: number, documentId: number, batches: readonly ScanBatchRow[]): Promise<Map<string, BatchFigures>> {
  const [pages, items] = await Promise.all([pagesOfDocument(deps.db, clientId, documentId), reviewItemsOf(deps, clientId, documentId)]);
  const units = new Map(batches.map((b) => [b.id, unitOf(b)]));
  // Every live page's item: those of batches beyond the list are items of their own (their session is unknown here, and they are another item anyway).
  const itemOfPage = (batchId: number) => units.get(batchId) ?? `b:${batchId}`;
  const seen = new Map<string, Set<string>>();
  for (const p of pages) {
    if (p.student_id === null || p.card_page === null || p.discarded) continue;
    const key = `${p.student_id}/${p.card_page}`;
    seen.set(key, (seen.get(key) ?? new Set()).add(itemOfPage(p.batch_id)));
  }
  const sheets = new Set(pages.filter((p) => p.student_id !== null && !p.discarded && p.card_page !== null && p.status !== 'key').map((p) => p.student_id!));
  const figures = new Map<string, BatchFigures>();
  for (const unit of units.values()) figures.set(unit, emptyFigures());
  /** Student pages seen so far in each item: a later one of the same item repeats it (the later counts; docs "Rescans"). */
  const inItem = new Set<string>();
  for (const p of pages) {
    const f = units.has(p.batch_id) ? figures.get(itemOfPage(p.batch_id)) : undefined;
    if (!f) continue;
    if (p.discarded) f.set_aside.discarded++;
    else if (p.status === 'wrong_card' || p.status === 'blank' || p.status === 'key') f.set_aside[p.status]++;
    else if (p.student_id === null) f.set_aside.unidentified++;
    else {
      f.read++;
      if (!f.classes.some((c) => c.grade === p.grade && c.class === p.class)) f.classes.push({ grade: p.grade!, class: p.class! });
      if ((seen.get(`${p.student_id}/${p.card_page}`)?.size ?? 0) > 1) f.scanned_twice++;
      const own = `${itemOfPage(p.batch_id)}/${p.student_id}/${p.card_page}`;
      if (inItem.has(own)) f.repeated++;
      inItem.add(own);
    }
  }
  for (const item of items) {
    const f = units.has(item.batch_id) ? figures.get(itemOfPage(item.batch_id)) : undefined;
    if (f) f.to_review++;
  }
  for (const f of figures.values()) {
    f.missing = (await studentsOfClasses(deps.db, clientId, f.classes)).filter((s) => !sheets.has(s.id)).map((s) => ({ number: s.number, name: s.name, grade: s.grade, class: s.class, seat: s.seat }));
  }
  return figures;
}

/**
 * The card's latest uploads and capture sessions, newest first: an uploaded file is one item, as
 * it always was; a phone's capture session is one item over all its one-page batches
 * (capture-list.ts), with its summary, warnings by sheet and its sheets.
 */
export async function listScanBatches(deps: Deps, actor: Actor, locale: Locale, guid: string) {
  const doc = await readableCard(deps.db, actor, guid);
  const batches = await batchesOfListItems(deps.db, actor.clientId, doc.id, RECENT_BATCHES);
  const done = batches.filter((b) => b.state === 'done');
  const figures = done.length ? await batchFigures(deps, actor.clientId, doc.id, done) : new Map<string, BatchFigures>();
  return listItems(batches, {
    summary: (b) => ({ ...batchSummary(locale, b), warnings: warningsOf(locale, b) }),
    figures: (unit) => figures.get(unit) ?? null,
  });
}

/** Deletes a batch softly — its pages, and the decisions on them, count for nothing — or restores it. Decisions on other batches stay. */
export async function deleteScanBatch(deps: Deps, actor: Actor, batchId: number, restore = false) {
  const batch = await readableBatch(deps.db, actor, batchId);
  await setBatchDeleted(deps.db, batch.id, !restore);
  return { message: restore ? ('scan.batchRestored' as const) : ('scan.batchDeleted' as const), params: { file: batch.filename }, batch_id: batch.id };
}

export async function getScanBatch(deps: Deps, actor: Actor, locale: Locale, batchId: number) {
  const batch = await readableBatch(deps.db, actor, batchId);
  const pages = batch.state === 'done' ? await pagesOfBatch(deps.db, batch.id) : [];
  const readings = batch.state === 'done' ? await readingsOfBatch(deps.db, batch.id) : new Map<number, string>();
  // An earlier scan of a page scanned again later in the upload (the batch's `scanned-twice` warning) is set aside for the later one.
  const replaced = new Set(rawWarnings(batch).find((w) => w.kind === 'scanned-twice')?.pages ?? []);
  return {
    ...batchSummary(locale, batch),
    deleted: batch.deleted_at !== null,
    warnings: warningsOf(locale, batch),
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
      // The page's own warnings (bilevel, low-dpi, transform-unverified, marks-residual, …) and, for a page set aside, why.
      ...pageWarnings(readings.get(p.id), replaced.has(p.page_index)),
    })),
  };
}
