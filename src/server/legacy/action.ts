import type { z } from 'zod';
import type { Locale } from '../../shared/limits';
import type { Actor } from '../../core/auth/actor';
import type { Deps } from '../../core/deps';
import type { RequestMeta } from '../../core/services/auth/sign-in';
import type { UploadedFile } from '../../core/services/import/uploaded-file';

export const LEGACY_AREAS = [
  'login',
  'clients',
  'structure',
  'user',
  'system',
  'templates',
  'cards',
  'client',
  'permission',
  'previewExcelStudent',
] as const;
export type LegacyArea = (typeof LEGACY_AREAS)[number];

export interface LegacyContext {
  deps: Deps;
  locale: Locale;
  meta: RequestMeta;
  file?: UploadedFile;
  /** A large upload (scans) the door streamed to a temporary file; removed after the call. */
  scanFile?: { path: string; originalname: string; size: number };
}

export type LegacyAnswer =
  | { kind: 'json'; data?: unknown; message?: string }
  | { kind: 'file'; body: Buffer; contentType: string; filename: string };

interface Base<S extends z.ZodType> {
  area: LegacyArea;
  /** null: the area takes no method/action (login, clients). */
  method: string | null;
  action: string | null;
  input: S;
}

export type LegacyAction =
  | (Base<z.ZodType> & { auth: 'public'; run: (ctx: LegacyContext, input: unknown) => Promise<LegacyAnswer> })
  | (Base<z.ZodType> & { auth: 'session'; run: (ctx: LegacyContext & { actor: Actor }, input: unknown) => Promise<LegacyAnswer> });

/** Keeps each entry's `run` typed by its own schema while the table holds them side by side. */
export function publicAction<S extends z.ZodType>(
  def: Base<S> & { run: (ctx: LegacyContext, input: z.infer<S>) => Promise<LegacyAnswer> },
): LegacyAction {
  return { ...def, auth: 'public', run: (ctx, input) => def.run(ctx, input as z.infer<S>) };
}

export function sessionAction<S extends z.ZodType>(
  def: Base<S> & { run: (ctx: LegacyContext & { actor: Actor }, input: z.infer<S>) => Promise<LegacyAnswer> },
): LegacyAction {
  return { ...def, auth: 'session', run: (ctx, input) => def.run(ctx, input as z.infer<S>) };
}

export const json = (data?: unknown, message?: string): LegacyAnswer => ({ kind: 'json', data, message });
