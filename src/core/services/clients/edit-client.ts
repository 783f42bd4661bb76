import { DEFAULT_CARD_MODES, DEFAULT_CARD_SIZES } from '../../../shared/card/catalogue';
import { DEFAULT_TEACHER_PERMISSIONS, permissionsOfScope } from '../../../shared/permissions';
import type { TClientEdit } from '../../../shared/schemas/clients';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { upsertClientSettings } from '../../../data/repos/client-settings.repo';
import { codeExists, findClient, insertClient, updateClient } from '../../../data/repos/clients-admin.repo';
import { onDuplicate } from '../../../data/repos/duplicate-key';
import { replaceSchoolSet } from '../../../data/repos/permission-sets.repo';
import { insertTeachers } from '../../../data/repos/teachers.repo';
import { hashPassword } from '../../../data/password';
import { loadSchool, schoolFor } from './school-access';

export async function getClientInfo(deps: Deps, actor: Actor, clientId: number) {
  const c = await loadSchool(deps, actor, 'system.clients', clientId);
  return {
    client_id: c.id,
    parent_id: c.parent_id,
    name: c.name,
    nickname: c.nickname,
    code: c.code,
    max_account: c.max_account,
    start_at: c.start_at,
    expiry_at: c.expiry_at,
    status: c.status,
  };
}

/**
 * Creates a school (code required, unique) or edits one (code ignored). A new school starts with
 * every teacher- and school-scope permission allowed, the catalogue's teacher defaults, and every
 * card mode and size, so it works at once; the system administrator narrows from there.
 */
export async function saveClient(deps: Deps, actor: Actor, input: TClientEdit): Promise<{ client_id: number }> {
  if (input.client_id !== undefined) {
    const id = await schoolFor(deps, actor, 'system.clients', input.client_id);
    const { name, nickname, max_account, start_at, expiry_at } = input;
    await updateClient(deps.db, id, { name, nickname, max_account, start_at, expiry_at });
    return { client_id: id };
  }
  await schoolFor(deps, actor, 'system.clients');
  const code = input.code?.trim();
  if (!code) throw new AppError('BAD_REQUEST', 'clients.codeRequired', {}, { code: 'clients.codeRequired' });
  if (input.parent_id !== undefined) {
    const parent = await findClient(deps.db, input.parent_id);
    if (!parent) throw new AppError('NOT_FOUND', 'error.notFound');
    if (parent.parent_id !== null) throw new AppError('BAD_REQUEST', 'clients.nestedSubClient');
  }
  if (await codeExists(deps.db, code)) throw new AppError('CONFLICT', 'clients.codeTaken', { code }, { code: 'clients.codeTaken' });
  const taken = () => new AppError('CONFLICT', 'clients.codeTaken', { code }, { code: 'clients.codeTaken' });
  return onDuplicate(() => deps.db.transaction().execute(async (trx) => {
    const id = await insertClient(trx, {
      code,
      name: input.name,
      nickname: input.nickname,
      parent_id: input.parent_id ?? null,
      max_account: input.max_account,
      start_at: input.start_at,
      expiry_at: input.expiry_at,
    });
    await replaceSchoolSet(trx, 'client_permissions', id, permissionsOfScope('teacher', 'school'));
    await replaceSchoolSet(trx, 'client_default_permissions', id, DEFAULT_TEACHER_PERMISSIONS);
    await upsertClientSettings(trx, id, {
      data_mode: JSON.stringify(DEFAULT_CARD_MODES),
      data_size: JSON.stringify(DEFAULT_CARD_SIZES),
      vcards: '[]',
    });
    // Its first administrator, so the school manages its own teachers and roster from day one. The
    // system administrator hands the password over in person; it is not a forced change.
    if (input.admin_account) {
      const admin = { name: input.admin_name, account: input.admin_account, password_hash: await hashPassword(input.admin_password), role: 'school_admin' as const, must_change_password: 0 };
      await insertTeachers(trx, id, [admin]);
    }
    return { client_id: id };
  }), taken);
}
