import type { CardGeometry } from '../../../shared/geometry/card-geometry';
import { loadCardMap } from '../../../shared/geometry/card-map';
import { SCORED_KINDS, type QKind } from '../../../shared/schemas/scores';
import { writtenQuestions, type WrittenQuestion } from '../../../shared/scoring/written-questions';
import type { DocumentRow } from '../../../data/db/tables/documents.table';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';

// The questions a key scores, from the card's current map (docs/omr-geometry.md): every group
// whose kind is single, multi, true/false or numeric, in map order, with its options in the
// order the bubbles are printed. `free` questions are not machine-scored: they are the card's
// written questions (src/shared/scoring/written-questions.ts, docs/grading.md), keyed by a maximum.

export interface CardQuestion {
  q: number;
  showno: string;
  kind: QKind;
  options: string[];
}

/** A map is stored once per conversion under its own key and never rewritten: parsed maps are kept. */
const CACHE_MAX = 64;
const cache = new Map<string, Promise<MapQuestions>>();

interface MapQuestions {
  choice: CardQuestion[];
  written: WrittenQuestion[];
}

export function scorableQuestions(map: CardGeometry): CardQuestion[] {
  const options = new Map<number, string[]>();
  for (const b of map.bubbles) {
    const list = options.get(b.q) ?? [];
    if (!list.includes(b.value)) list.push(b.value);
    options.set(b.q, list);
  }
  const seen = new Set<number>();
  const questions: CardQuestion[] = [];
  for (const g of map.groups) {
    // Maps of version 1 carry no kind: their rows are single choice (or multi when the reader says so).
    const kind = (g.kind ?? 'single') as string;
    if (seen.has(g.q) || !(SCORED_KINDS as readonly string[]).includes(kind) || !options.has(g.q)) continue;
    seen.add(g.q);
    questions.push({ q: g.q, showno: g.showno, kind: kind as QKind, options: options.get(g.q)! });
  }
  return questions;
}

async function load(deps: Deps, key: string): Promise<MapQuestions> {
  const map = await loadCardMap((k) => deps.storage.get(k), key);
  if (!map) throw new AppError('CONFLICT', 'scores.notConverted');
  return { choice: scorableQuestions(map), written: writtenQuestions(map) };
}

/** The scorable questions of a converted card; 409 before its first conversion. */
export async function cardQuestions(deps: Deps, doc: Pick<DocumentRow, 'status' | 'geometry_key'>): Promise<CardQuestion[]> {
  return (await mapQuestions(deps, doc)).choice;
}

/** The written (free-answer) questions of a converted card; 409 before its first conversion. */
export async function cardWrittenQuestions(deps: Deps, doc: Pick<DocumentRow, 'status' | 'geometry_key'>): Promise<WrittenQuestion[]> {
  return (await mapQuestions(deps, doc)).written;
}

async function mapQuestions(deps: Deps, doc: Pick<DocumentRow, 'status' | 'geometry_key'>): Promise<MapQuestions> {
  if (!doc.geometry_key) throw new AppError('CONFLICT', 'scores.notConverted');
  const key = doc.geometry_key;
  let loaded = cache.get(key);
  if (!loaded) {
    loaded = load(deps, key);
    cache.set(key, loaded);
    loaded.catch(() => cache.delete(key));
    if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  }
  return loaded;
}
