import type { MessageKey } from './i18n/tw';
import { IMAGE_MAX_BYTES, IMPORT_MAX_BYTES } from './limits';
import type { Permission } from './permissions';
import { JSON_BODY_MAX_BYTES, REQUEST_BODY_MAX_BYTES } from './request-limits';
import { SCAN_MAX_BYTES } from './scan-limits';

// Which calls may carry more than JSON_BODY_MAX_BYTES (docs/architecture.md, "Bounded requests";
// docs/legacy-api.md, "Body caps"). Every other call, and every caller not signed in, is held to
// that cap; a body over it reaches a parser only from a signed-in caller holding one of the rights
// of a call below that its door could be answering.

const KiB = 1024;
const MiB = 1024 * KiB;
/** What a multipart form adds around its file: boundaries, part headers, the small fields. */
export const FORM_OVERHEAD_BYTES = 64 * KiB;
/** The bounds of a multipart form's parts; the file's own size is its call's `file` below. */
export const MULTIPART_LIMITS = { fields: 20, fieldSize: 8 * KiB, files: 1, parts: 21, headerPairs: 20, fieldNameSize: 100 } as const;

const base64 = (bytes: number) => Math.ceil(bytes / 3) * 4;
/** A tRPC upload's JSON around its base64: the file name and ids. */
const JSON_AROUND = 16 * KiB;

export interface BodyCap {
  /** The whole body, in bytes. */
  bytes: number;
  /** A multipart call's file, in bytes (the body's cap less the form around it). */
  file?: number;
  /** The caller needs one of these; the service checks its own rule again. */
  anyOf: readonly Permission[];
  /** What a body over the cap is told; `error.tooLarge` by default. */
  tooLarge?: MessageKey;
}

const form = (file: number, anyOf: readonly Permission[], tooLarge: MessageKey): BodyCap => ({ bytes: file + FORM_OVERHEAD_BYTES, file, anyOf, tooLarge });
const EDIT = ['cards.edit', 'templates.view'] as const satisfies readonly Permission[];
const PAGE: BodyCap = { bytes: REQUEST_BODY_MAX_BYTES, anyOf: EDIT, tooLarge: 'card.content.tooLarge' };
const KEY: BodyCap = { bytes: 4 * MiB, anyOf: ['cards.scan'] };

/** Legacy calls by `area method action` (the area alone where it takes none). */
export const LEGACY_BODY_CAPS: Readonly<Record<string, BodyCap>> = {
  'cards import scans': form(SCAN_MAX_BYTES, ['cards.scan'], 'scan.tooLarge'),
  'user import users': form(IMPORT_MAX_BYTES, ['users.manage'], 'import.tooLarge'),
  'client import students': form(IMPORT_MAX_BYTES, ['students.manage'], 'import.tooLarge'),
  previewExcelStudent: form(IMPORT_MAX_BYTES, ['students.manage'], 'import.tooLarge'),
  'cards save card': { ...PAGE, anyOf: ['cards.edit'] },
  'templates save template': { ...PAGE, anyOf: ['templates.view'] },
  'cards save answerKey': KEY,
  'cards save writtenScores': KEY,
};

/** tRPC procedures by path. */
export const TRPC_BODY_CAPS: Readonly<Record<string, BodyCap>> = {
  'cards.content.savePage': PAGE,
  'cards.content.restoreBackup': PAGE,
  'cardImages.upload': { bytes: base64(IMAGE_MAX_BYTES) + JSON_AROUND, anyOf: EDIT, tooLarge: 'editor.image.overLimit' },
  'teachers.import': { bytes: base64(IMPORT_MAX_BYTES) + JSON_AROUND, anyOf: ['users.manage'], tooLarge: 'import.tooLarge' },
  'students.import': { bytes: base64(IMPORT_MAX_BYTES) + JSON_AROUND, anyOf: ['students.manage'], tooLarge: 'import.tooLarge' },
  'students.preview': { bytes: base64(IMPORT_MAX_BYTES) + JSON_AROUND, anyOf: ['students.manage'], tooLarge: 'import.tooLarge' },
  'scores.saveKey': KEY,
  'grading.givePoints': KEY,
};

/** Every call not named above. */
export const DEFAULT_BODY_CAP: BodyCap = { bytes: JSON_BODY_MAX_BYTES, anyOf: [] };

/** The cap a caller holding `rights` has on a call (the default when it holds none of the call's rights). */
export function capFor(cap: BodyCap | undefined, rights: ReadonlySet<Permission> | null): BodyCap {
  if (!cap || !rights || !cap.anyOf.some((p) => rights.has(p))) return DEFAULT_BODY_CAP;
  return cap;
}
