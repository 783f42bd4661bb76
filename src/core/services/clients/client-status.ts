import { SYSTEM_SCHOOL_CODE } from '../../../shared/limits';
import type { Actor } from '../../auth/actor';
import { schoolToday } from '../../auth/licence';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { updateClient } from '../../../data/repos/clients-admin.repo';
import { deleteSchoolSessions } from '../../../data/repos/sessions.repo';
import { loadSchool } from './school-access';

/** 'YYYY-MM-DD' plus whole days, on the calendar (no time zone can shift a date string). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Extends the licence by `days` from its expiry date, or from today when it has none or has
 * already lapsed, so an extension always grants the days asked for.
 */
export async function extendLicence(deps: Deps, actor: Actor, input: { client_id: number; days: number }) {
  const school = await loadSchool(deps, actor, 'system.clients', input.client_id);
  const today = schoolToday();
  const from = school.expiry_at && school.expiry_at > today ? school.expiry_at : today;
  const expiry_at = addDays(from, input.days);
  await updateClient(deps.db, school.id, { expiry_at });
  return { client_id: school.id, expiry_at };
}

/** Disabling ends every open session of the school at once, not at the next request. */
export async function setClientStatus(deps: Deps, actor: Actor, clientId: number, status: 'normal' | 'disabled') {
  const school = await loadSchool(deps, actor, 'system.clients', clientId);
  if (school.code === SYSTEM_SCHOOL_CODE) throw new AppError('FORBIDDEN', 'clients.systemUndeletable');
  await updateClient(deps.db, school.id, { status });
  if (status === 'disabled') await deleteSchoolSessions(deps.db, school.id);
  return { client_id: school.id, status };
}
