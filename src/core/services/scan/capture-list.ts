import type { ScanBatchRow } from '../../../data/db/tables/scan.table';
import { schoolTime } from '../cards/card-rows';

// The scan screen's list (docs/scan-batches.md "Capture with a phone"): an uploaded file is an
// item, as it always was; a phone's capture session is ONE item over its one-page batches — its
// sheets counted and listed, its state the sum of theirs, its summary over all of them, its
// warnings by sheet number — so a class of 30 photographed is one line, not 30.

type State = ScanBatchRow['state'];

/** A list item's key: an uploaded file's batch, or a capture session (all its sheets' batches). */
export const unitOf = (b: Pick<ScanBatchRow, 'id' | 'capture_session'>): string => (b.capture_session ? `c:${b.capture_session}` : `b:${b.id}`);
interface Summary {
  batch_id: number;
  filename: string;
  username: string;
  state: State;
  pages_total: number;
  pages_done: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  warnings: { kind: string; text: string; pages: number[] }[];
}

export interface CaptureGroup {
  id: string;
  sheets: number;
  /** Sheets read, failed, still queued or being read. */
  done: number;
  failed: number;
  running: number;
  /** Seconds since the session's latest sheet arrived: the screen keeps an eye on a session still being captured. */
  idle_seconds: number;
  /** Its sheets in capture order (batch ids ascending). */
  batches: { batch_id: number; filename: string; state: State; created_at: string; error: string | null }[];
}

const RUNNING = new Set<State>(['queued', 'reading']);

/** A session's state: reading while any sheet is queued or read, failed only when every sheet failed. */
function groupState(states: readonly State[]): State {
  if (states.includes('reading')) return 'reading';
  if (states.includes('queued')) return 'queued';
  return states.every((s) => s === 'failed') ? 'failed' : 'done';
}

/** Warnings of a session by kind, naming sheets (1 = its first sheet) instead of pages. */
function sheetWarnings(sheets: readonly Summary[]): Summary['warnings'] {
  const byKind = new Map<string, Summary['warnings'][number]>();
  sheets.forEach((s, i) => {
    for (const w of s.warnings) {
      const merged = byKind.get(w.kind) ?? { kind: w.kind, text: w.text, pages: [] };
      merged.pages.push(i + 1);
      byKind.set(w.kind, merged);
    }
  });
  return [...byKind.values()];
}

function captureItem(id: string, rows: readonly ScanBatchRow[], sheets: readonly Summary[], now: Date): Summary & { capture: CaptureGroup } {
  const states = sheets.map((s) => s.state);
  const running = states.filter((s) => RUNNING.has(s)).length;
  const finished = rows.map((r) => r.finished_at).filter((d): d is Date => d !== null);
  const last = rows[rows.length - 1];
  const group: CaptureGroup = {
    id,
    sheets: sheets.length,
    done: states.filter((s) => s === 'done').length,
    failed: states.filter((s) => s === 'failed').length,
    running,
    idle_seconds: Math.max(0, Math.round((now.getTime() - last.created_at.getTime()) / 1000)),
    batches: sheets.map((s) => ({ batch_id: s.batch_id, filename: s.filename, state: s.state, created_at: s.created_at, error: s.error })),
  };
  return {
    ...sheets[0],
    state: groupState(states),
    pages_total: sheets.reduce((n, s) => n + s.pages_total, 0),
    pages_done: sheets.reduce((n, s) => n + s.pages_done, 0),
    error: null,
    finished_at: running === 0 && finished.length > 0 ? schoolTime(new Date(Math.max(...finished.map((d) => d.getTime())))) : null,
    warnings: sheetWarnings(sheets),
    capture: group,
  };
}

/**
 * The list's items from its batches (newest first, as `batchesOfListItems` gives them): each
 * upload's own summary, or a session's over its sheets; `figures` of each item's unit.
 */
export function listItems<F>(batches: readonly ScanBatchRow[], of: { summary: (b: ScanBatchRow) => Summary; figures: (unit: string) => F | null }, now = new Date()) {
  const units = new Map<string, ScanBatchRow[]>();
  for (const b of batches) units.set(unitOf(b), [...(units.get(unitOf(b)) ?? []), b]);
  return [...units].map(([unit, rows]) => {
    const summary = of.figures(unit);
    const session = rows[0].capture_session;
    if (!session) return { ...of.summary(rows[0]), summary, capture: null };
    const inOrder = [...rows].sort((a, b) => a.id - b.id);
    return { ...captureItem(session, inOrder, inOrder.map(of.summary), now), summary };
  });
}
