import { EXAM_VERSIONS, type ExamVersion } from '../geometry/page-code';
import type { VersionBy } from '../schemas/print';

// Which version (A/B 卷, issue 26) each student of a class print gets (docs/print-service.md
// "Versions"): alternately along the seats, so neighbours never share one, or the roster's 卷別.

/** The first `count` versions: 2 → A, B. */
export const versionsOf = (count: number): ExamVersion[] => EXAM_VERSIONS.slice(0, Math.max(0, Math.min(EXAM_VERSIONS.length, count)));

/** Seat 1 → A, 2 → B, 3 → A … (with 3 versions: A, B, C, A …). */
export function seatVersion(seat: number, count: number): ExamVersion {
  return EXAM_VERSIONS[(((seat - 1) % count) + count) % count];
}

/**
 * A student's version in a print of `count` versions, or null when it has none to give: by
 * roster, a 卷別 missing or beyond the print's versions (the print is refused, never guessed).
 */
export function studentVersion(student: { seat: number; exam_version: string | null }, count: number, by: VersionBy): ExamVersion | null {
  if (count <= 1) return null;
  if (by === 'seat') return seatVersion(student.seat, count);
  const own = student.exam_version as ExamVersion | null;
  return own !== null && versionsOf(count).includes(own) ? own : null;
}

/** A roster cell of 卷別: A–D, any case or width, 「A卷」 too; '' is none; anything else undefined (bad). */
export function parseVersionCell(text: string): ExamVersion | null | undefined {
  const clean = text.normalize('NFKC').trim().toUpperCase().replace(/\s*卷$/, '');
  if (clean === '') return null;
  return (EXAM_VERSIONS as readonly string[]).includes(clean) ? (clean as ExamVersion) : undefined;
}

/**
 * What a print record says of its versions (列印紀錄, print record): the letters printed and how
 * they were given out; no letters for a one-version print or a record older than versions.
 */
export function printedVersions(ticket: { versions: number | null; version_by: VersionBy | null }): { versions: ExamVersion[]; version_by: VersionBy | null } {
  const count = ticket.versions ?? 1;
  return count > 1 ? { versions: versionsOf(count), version_by: ticket.version_by ?? 'seat' } : { versions: [], version_by: null };
}
