import { statsOf } from '../../../shared/scoring/statistics';
import { requirePermission, type Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { scannedCards } from '../../../data/repos/scores-overview.repo';
import { schoolTime } from '../cards/card-rows';
import { mayRead } from '../cards/document-access';
import { scoredCard } from './card-scores';

// 成績總覽 (/cards/scores, docs/scores.md "Overview"): the exams of the school the actor may read
// that have scans — for a school administrator every card of the school, for a teacher the cards
// the cards rule lets them read — with the classes scanned, the review still open and the mean,
// so nobody has to open each card's 讀卡 screen to know where an exam stands.

export interface OverviewRow {
  guid: string;
  title: string;
  owner: string;
  lastScanAt: string;
  /** Classes with at least one identified sheet, e.g. [{grade: 8, class: 3, students: 29}]. */
  classes: { grade: number; class: number; students: number }[];
  students: number;
  /** Items of the review queue still open: while > 0 the scores are not final. */
  reviewOpen: number;
  keyed: boolean;
  maxScore: number;
  mean: number | null;
}

/** The overview's most cards at once: the newest scanned first. */
const OVERVIEW_MAX = 100;

export async function scoresOverview(deps: Deps, actor: Actor): Promise<OverviewRow[]> {
  requirePermission(actor, 'cards.scan');
  const cards = (await scannedCards(deps.db, actor.clientId)).filter((c) => mayRead(actor, c)).slice(0, OVERVIEW_MAX);
  const rows: OverviewRow[] = [];
  for (const card of cards) {
    // The whole card's open review items come with its scores (scoredCard → pendingReview).
    const scored = await scoredCard(deps, actor, { guid: card.guid });
    const classes = new Map<string, { grade: number; class: number; students: number }>();
    for (const s of scored.students) {
      const id = `${s.grade}/${s.class}`;
      const entry = classes.get(id) ?? { grade: s.grade, class: s.class, students: 0 };
      entry.students += 1;
      classes.set(id, entry);
    }
    rows.push({
      guid: card.guid,
      title: card.title,
      owner: card.author,
      lastScanAt: schoolTime(new Date(card.last_scan_at)),
      classes: [...classes.values()].sort((a, b) => a.grade - b.grade || a.class - b.class),
      students: scored.students.length,
      reviewOpen: scored.pendingReview,
      keyed: scored.keyed,
      maxScore: scored.maxScore,
      mean: scored.keyed ? (statsOf(scored.students.map((s) => s.score))?.mean ?? null) : null,
    });
  }
  return rows;
}
