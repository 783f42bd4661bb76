import { z } from 'zod';

/**
 * The payload of the QR page code on every printed page (docs/omr-geometry.md "Page code"):
 *
 *   AC1/<document>/<layout>/<page>[/S<student> | /C<copy> | /K][/V<version>]
 *
 * AC1 names the product and format version; <document> the card's (or template's) id in base 36;
 * <layout> four base-36 characters identifying the conversion's bubble layout (the map's
 * `layout`), so a sheet printed from an older conversion is never read with a newer map; <page>
 * the card page from 1; then, for class prints, S and the student's id in base 36; for blank
 * copies, C and the copy number; for an answer-key sheet, K; last, on a sheet of a print made in
 * versions (A/B 卷), V and the version letter A–D. Codes without V (every print before versions,
 * and prints in one version) are read as before: no version. Upper-case letters, digits and '/'
 * only, so the QR code uses its compact alphanumeric mode.
 */
export const PAGE_CODE_PREFIX = 'AC1';

/**
 * How the print encodes a page code as a QR symbol (src/pdf/qr-modules.ts), and so how the reader
 * encodes a code it expects (src/scan/code-candidates.ts): error correction M (a pencil smudge over
 * a few modules still decodes), one fixed mask pattern (0), the smallest version that holds it.
 */
export const PAGE_CODE_QR = { errorCorrectionLevel: 'M', maskPattern: 0 } as const;

/** The versions a print can be made in (A/B 卷, up to four). */
export const EXAM_VERSIONS = ['A', 'B', 'C', 'D'] as const;
export type ExamVersion = (typeof EXAM_VERSIONS)[number];
const isVersion = (v: string): v is ExamVersion => (EXAM_VERSIONS as readonly string[]).includes(v);

const b36 = z.string().regex(/^[0-9A-Z]{1,12}$/);
export const ZPageCode = z.object({
  document: z.number().int().positive(),
  layout: z.string().regex(/^[0-9A-Z]{4}$/),
  page: z.number().int().min(1).max(999),
  student: z.number().int().positive().optional(),
  copy: z.number().int().positive().optional(),
  key: z.boolean().optional(),
  version: z.enum(EXAM_VERSIONS).optional(),
});
export type PageCode = z.infer<typeof ZPageCode>;

const toB36 = (n: number) => n.toString(36).toUpperCase();

export function formatPageCode(code: PageCode): string {
  const c = ZPageCode.parse(code);
  const parts = [PAGE_CODE_PREFIX, toB36(c.document), c.layout, String(c.page)];
  if (c.student !== undefined) parts.push(`S${toB36(c.student)}`);
  else if (c.copy !== undefined) parts.push(`C${c.copy}`);
  else if (c.key) parts.push('K');
  if (c.version !== undefined) parts.push(`V${c.version}`);
  return parts.join('/');
}

/** The page code a reader decoded, or null when the text is not one of ours. */
export function parsePageCode(text: string): PageCode | null {
  const parts = text.trim().toUpperCase().split('/');
  if (parts.length < 4 || parts.length > 6 || parts[0] !== PAGE_CODE_PREFIX) return null;
  const last = parts[parts.length - 1];
  const version = parts.length > 4 && /^V.$/.test(last) ? last.slice(1) : undefined;
  if (version !== undefined && !isVersion(version)) return null;
  const [, document, layout, page, tail] = version === undefined ? parts : parts.slice(0, -1);
  if (parts.length === 6 && version === undefined) return null;
  if (!b36.safeParse(document).success || !/^[1-9][0-9]{0,2}$/.test(page)) return null;
  const code: PageCode = { document: parseInt(document, 36), layout, page: Number(page) };
  if (version !== undefined) code.version = version;
  if (tail !== undefined) {
    if (tail === 'K') code.key = true;
    else if (/^S[0-9A-Z]{1,12}$/.test(tail)) code.student = parseInt(tail.slice(1), 36);
    else if (/^C[1-9][0-9]{0,5}$/.test(tail)) code.copy = Number(tail.slice(1));
    else return null;
  }
  const parsed = ZPageCode.safeParse(code);
  return parsed.success ? parsed.data : null;
}

/** FNV-1a over the page's bubbles, as four base-36 characters: the map's `layout`. */
export function layoutId(bubbles: readonly { page: number; q: number; value: string; rect: { x: number; y: number } }[]): string {
  let hash = 0x811c9dc5;
  const text = bubbles.map((b) => `${b.page}:${b.q}:${b.value}:${Math.round(b.rect.x)}:${Math.round(b.rect.y)}`).join('|');
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % 36 ** 4).toString(36).toUpperCase().padStart(4, '0');
}
