import { z } from 'zod';
import {
  CARD_MODE_VALUES,
  CARD_MODES,
  CARD_SIZE_VALUES,
  CARD_SIZES,
  DEFAULT_CARD_MODES,
  DEFAULT_CARD_SIZES,
  TEMPLATE_CATEGORIES,
} from '../../../shared/card/catalogue';
import { MAX_PAGE_SIZE, type Locale } from '../../../shared/limits';
import { translate } from '../../../shared/i18n/translate';
import type { Permission } from '../../../shared/permissions';
import { ZVcardsSchema, type TCardDataSave, type TVcards } from '../../../shared/schemas/clients';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../../data/db/database';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { findClientSettings, upsertClientSettings } from '../../../data/repos/client-settings.repo';
import { listUsableTemplateChoices, schoolTemplateModes } from '../../../data/repos/documents.repo';
import { schoolFor } from './school-access';

const ZModes = z.array(z.enum(CARD_MODE_VALUES)).catch([...DEFAULT_CARD_MODES]);
const ZSizes = z.array(z.enum(CARD_SIZE_VALUES)).catch([...DEFAULT_CARD_SIZES]);

/** A school's settings with defaults filled in (schools created before settings existed have no row). */
export async function readSettings(db: Db, clientId: number) {
  const row = await findClientSettings(db, clientId);
  const parse = (text: string | undefined) => (text ? (JSON.parse(text) as unknown) : undefined);
  return {
    data_mode: row ? ZModes.parse(parse(row.data_mode)) : [...DEFAULT_CARD_MODES],
    data_size: row ? ZSizes.parse(parse(row.data_size)) : [...DEFAULT_CARD_SIZES],
    vcards: row ? ZVcardsSchema.catch([]).parse(parse(row.vcards)) : [],
    image_text_blocks: row ? row.image_text_blocks !== 0 : true,
  };
}

async function writeSettings(db: Db, clientId: number, change: Partial<Awaited<ReturnType<typeof readSettings>>>) {
  const next = { ...(await readSettings(db, clientId)), ...change };
  await upsertClientSettings(db, clientId, {
    data_mode: JSON.stringify(next.data_mode),
    data_size: JSON.stringify(next.data_size),
    vcards: JSON.stringify(next.vcards),
  });
}

/** Allowed card modes and sizes: what card creation offers this school (cards {get params}). */
export async function getCardData(deps: Deps, actor: Actor, locale: Locale, clientId?: number) {
  const id = await schoolFor(deps, actor, 'system.clients', clientId);
  const s = await readSettings(deps.db, id);
  return {
    client_id: id,
    data_mode: s.data_mode,
    data_size: s.data_size,
    mode_options: CARD_MODES.map((m) => ({ value: m.value, label: translate(locale, m.label) })),
    size_options: CARD_SIZES.map((m) => ({ value: m.value, label: translate(locale, m.label) })),
  };
}

export async function saveCardData(deps: Deps, actor: Actor, input: TCardDataSave) {
  const id = await schoolFor(deps, actor, 'system.clients', input.client_id);
  await writeSettings(deps.db, id, { data_mode: [...new Set(input.data_mode)], data_size: [...new Set(input.data_size)] });
}

/** Vcards: one default template per category. The system school's row is the system-wide default. */
export async function getVcards(deps: Deps, actor: Actor, permission: Permission, clientId?: number) {
  const id = await schoolFor(deps, actor, permission, clientId);
  return { client_id: id, Vcards: (await readSettings(deps.db, id)).vcards };
}

export async function saveVcards(deps: Deps, actor: Actor, permission: Permission, input: { client_id?: number; options: { Vcards: TVcards } }) {
  const id = await schoolFor(deps, actor, permission, input.client_id);
  await assertUsableDefaults(deps, id, input.options.Vcards);
  await writeSettings(deps.db, id, { vcards: input.options.Vcards });
}

/** Each chosen default must be a template of its category (mode) that the school may use. */
async function assertUsableDefaults(deps: Deps, clientId: number, vcards: TVcards): Promise<void> {
  const modes = await schoolTemplateModes(deps.db, clientId, vcards.map((v) => v.value).filter((v) => v !== ''));
  const fields: Record<string, string> = {};
  vcards.forEach((v, i) => {
    if (v.value !== '' && modes.get(v.value) !== v.key) fields[`options.Vcards.${i}.value`] = 'clients.vcardsUnknownTemplate';
  });
  if (Object.keys(fields).length > 0) throw new AppError('BAD_REQUEST', 'clients.vcardsUnknownTemplate', {}, fields);
}

/** Categories and their candidate templates (client {get params}). */
export async function getSettingParams(deps: Deps, actor: Actor, locale: Locale, permission: Permission, clientId?: number) {
  const id = await schoolFor(deps, actor, permission, clientId);
  // A school's defaults come from system-wide and its own templates, never a teacher's private ones.
  const rows = await listUsableTemplateChoices(deps.db, { clientId: id, userId: 0, wholeSchool: true }, MAX_PAGE_SIZE);
  const options = rows.map((r) => ({ key: r.mode, label: r.title, value: r.guid }));
  return {
    params: TEMPLATE_CATEGORIES.map((c) => ({ key: c.key, name: translate(locale, c.name) })),
    templates: TEMPLATE_CATEGORIES.map((c) => ({ key: c.key, options: options.filter((o) => o.key === c.key) })),
  };
}
