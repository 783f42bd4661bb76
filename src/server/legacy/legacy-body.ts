import type { Request, Response } from 'express';
import { capFor, DEFAULT_BODY_CAP, LEGACY_BODY_CAPS, type BodyCap } from '../../shared/body-caps';
import type { Permission } from '../../shared/permissions';
import type { Deps } from '../../core/deps';
import { AppError } from '../../core/errors/app-error';
import { bodyCapOf, type Prospect } from '../http/body-judge';
import { readForm, type FileRuleOf, type Form } from '../http/multipart-form';
import { actorOf } from '../http/session-cookie';
import { IN_MEMORY_BYTES, onDisk, type FileRule, type FormFile } from '../http/upload-storage';
import { LEGACY_AREAS, type LegacyAction, type LegacyContext } from './action';
import { findLegacyAction } from './action-table';

// The legacy door's body (docs/legacy-api.md, "Body caps"): what the judge may know before reading
// it, the form's file taken under its call's rule, and each call held to its own cap once known.

export const callKey = (a: Pick<LegacyAction, 'area' | 'method' | 'action'>): string => [a.area, a.method, a.action].filter((p) => p !== null).join(' ');

const capOf = (action: LegacyAction): BodyCap | undefined => LEGACY_BODY_CAPS[callKey(action)];

/** Before the body: the area, and the caps of the calls it holds that take more than the default. */
export function legacyProspect(req: Request): Prospect {
  const area = String(req.params.area);
  const known = (LEGACY_AREAS as readonly string[]).includes(area);
  return { known, name: area, caps: known ? Object.entries(LEGACY_BODY_CAPS).filter(([key]) => key.split(' ')[0] === area).map(([, cap]) => cap) : [] };
}

export const unknownCall = (area: string, body: Record<string, unknown>) =>
  new AppError('NOT_FOUND', 'error.unknownCall', { call: [area, body.method, body.action].filter((v) => typeof v === 'string').join(' ') });

const ruleOf = (cap: BodyCap): FileRule => {
  const bytes = cap.file ?? cap.bytes;
  return { cap: bytes, toDisk: bytes > IN_MEMORY_BYTES, tooLarge: cap.tooLarge ?? 'error.tooLarge' };
};

/**
 * How the form's file is taken. Fields before it name the call: an unknown call is refused, a call
 * that takes a file is taken only from a signed-in caller holding its right, under its own cap.
 * A file before the fields is taken under the largest file cap of the area this caller holds
 * (nothing beyond the default for a caller the judge did not need to know), and checked against
 * its call once the fields arrive.
 */
function fileRule(deps: Deps, req: Request, res: Response, area: string): FileRuleOf {
  return async (fields) => {
    const action = findLegacyAction(area, fields.method, fields.action);
    if (!action && 'method' in fields && 'action' in fields) throw unknownCall(area, fields);
    if (!action) {
      if (bodyCapOf(res) === DEFAULT_BODY_CAP) return ruleOf(DEFAULT_BODY_CAP);
      const rights = (await actorOf(deps, req, res)).permissions;
      const files = legacyProspect(req).caps.filter((c) => c?.file).map((c) => capFor(c, rights));
      return ruleOf(files.reduce((a, b) => ((b.file ?? 0) > (a.file ?? 0) ? b : a), DEFAULT_BODY_CAP));
    }
    const cap = capOf(action);
    if (!cap?.file) return ruleOf(DEFAULT_BODY_CAP);
    assertHolds((await actorOf(deps, req, res)).permissions, cap);
    return ruleOf(cap);
  };
}

function assertHolds(rights: ReadonlySet<Permission>, cap: BodyCap): void {
  if (!cap.anyOf.some((p) => rights.has(p))) throw new AppError('FORBIDDEN', 'error.permission', { permission: `perm.${cap.anyOf[0]}` });
}

/** The body as fields: the parsed JSON object, or a multipart form's fields (its file read under fileRule). */
export async function readLegacyBody(deps: Deps, req: Request, res: Response): Promise<{ body: Record<string, unknown>; form?: Form }> {
  if (req.is('multipart')) {
    const form = await readForm(req, deps.config.UPLOAD_TMP_DIR, fileRule(deps, req, res, String(req.params.area)));
    return { body: form.fields, form };
  }
  const body: unknown = req.body;
  return { body: typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {} };
}

/** Once the call is known: a JSON body within the call's own cap for this caller. */
export function assertWithinCap(action: LegacyAction, rights: ReadonlySet<Permission> | null, res: Response): void {
  const cap = capFor(capOf(action), rights);
  if (Number(res.locals.bodyBytes ?? 0) > cap.bytes) throw new AppError('PAYLOAD_TOO_LARGE', cap.tooLarge ?? 'error.tooLarge');
}

/** The form's file as its call takes it: a scan upload from disk, an import from memory; anything else is refused. */
export async function filesFor(action: LegacyAction, file: FormFile | undefined, dir: string): Promise<Pick<LegacyContext, 'file' | 'scanFile'>> {
  if (!file) return {};
  const rule = ruleOf(capOf(action)?.file ? capOf(action)! : DEFAULT_BODY_CAP);
  if (file.size > rule.cap || (file.path && !rule.toDisk)) throw new AppError('PAYLOAD_TOO_LARGE', rule.tooLarge);
  if (rule.toDisk) {
    const stored = await onDisk(file, dir);
    return { scanFile: { path: stored.path, originalname: stored.originalname, size: stored.size } };
  }
  return { file: { originalname: file.originalname, mimetype: file.mimetype, size: file.size, buffer: file.buffer ?? Buffer.alloc(0) } };
}
