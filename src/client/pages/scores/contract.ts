// Stand-in for src/shared/schemas/scores.ts until the scores router lands (brief-scores-core.md
// "THE CONTRACT"); the screens switch to the shared types then.
export type QKind = 'single' | 'multi' | 'truefalse' | 'numeric';
export type Rule = 'all' | 'partial' | 'exact';
export interface KeyQuestion { q: number; showno: string; kind: QKind; options: string[]; answer: string; accepted: string[]; points: number; rule: Rule; bonus: boolean; dropped: boolean }
export interface KeyView { questions: KeyQuestion[]; max_score: number; saved: boolean; updated_at: string | null; scanned_key: { page_id: number; answers: Record<string, string>; scanned_at: string } | null }
export interface Stats { count: number; mean: number; median: number; sd: number; max: number; min: number }
export interface Results {
  keyed: boolean;
  max_score: number;
  questions: { q: number; showno: string; kind: QKind; points: number; answer: string }[];
  students: { student_id: number; student_number: string; name: string; grade: number; class: number; seat: number; score: number; rank: number; answers: Record<string, string>; correct: Record<string, boolean>; points: Record<string, number>; flags: Record<string, string> }[];
  stats: Stats | null;
  histogram: { from: number; to: number; count: number }[];
  classes: ({ grade: number; class: number } & Stats)[];
}
export interface ItemAnalysis { q: number; showno: string; kind: QKind; key: string; difficulty: number | null; discrimination: number | null; blank: number; options: { value: string; count: number; share: number; is_key: boolean }[]; flags: ('negative_discrimination' | 'distractor_above_key')[] }
