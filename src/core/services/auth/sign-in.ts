import { accountIdentity } from '../../../shared/account-name';
import type { TSignIn } from '../../../shared/schemas/auth';
import { failureDelayMs } from '../../../shared/sign-in-policy';
import { issueDeviceCookie, readDeviceCookie } from '../../auth/device-cookie';
import type { ThrottleSubject } from '../../auth/throttle';
import { burnPasswordCheck, verifyPassword } from '../../../data/password';
import { assertSchoolActive } from '../../auth/licence';
import { generateSessionToken, sessionIdOf } from '../../auth/session-token';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { findClientByCode } from '../../../data/repos/clients.repo';
import { SESSION_LIMITS } from '../../../shared/session-limits';
import { insertSession, trimUserSessions } from '../../../data/repos/sessions.repo';
import { findUserForSignIn } from '../../../data/repos/users.repo';

export interface RequestMeta {
  ip: string;
  userAgent: string;
  /** The browser's device cookie (src/core/auth/device-cookie.ts), when it sent one. */
  deviceCookie?: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks the limits, the credentials and the school's licence, then opens a session and
 * returns a device cookie for the browser (docs/architecture.md "Sign-in limits"). The account
 * is matched by its identity (NFKC, case-folded): the column's collation also equates accented
 * and plain letters, so a row it finds for another spelling is no match.
 */
export async function signIn(deps: Deps, input: TSignIn, meta: RequestMeta): Promise<{ token: string; expiresAt: Date; name: string; deviceCookie: string }> {
  const { db, throttle, config } = deps;
  const identity = accountIdentity(input.account);
  const school = await findClientByCode(db, input.code);
  const found = school ? await findUserForSignIn(db, school.id, input.account) : undefined;
  const user = found && accountIdentity(found.account) === identity ? found : undefined;

  const secret = await throttle.deviceSecret();
  const device = readDeviceCookie(secret, meta.deviceCookie);
  const known = user && device?.userId === user.id ? device : undefined;
  const subject: ThrottleSubject = known ? { device: known.nonce } : user ? { userId: user.id } : { code: input.code, identity };
  const origin = { ip: meta.ip, code: input.code, trusted: Boolean(known) };
  await throttle.assertAllowed(subject, origin);

  const passwordOk = user ? await verifyPassword(user.password_hash, input.password) : (await burnPasswordCheck(input.password), false);
  if (!school || !user || !passwordOk) {
    // Progressive delay: each failure in a row answers later, before the hard refusal.
    await wait(failureDelayMs(await throttle.recordFailure(subject, origin)));
    throw new AppError('UNAUTHORIZED', 'auth.badCredentials');
  }
  await throttle.recordSuccess(subject);
  if (user.status !== 'normal') throw new AppError('FORBIDDEN', 'auth.userDisabled');
  assertSchoolActive(school);

  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + config.SESSION_TTL_HOURS * 3_600_000);
  await insertSession(db, {
    id: sessionIdOf(token),
    user_id: user.id,
    expires_at: expiresAt,
    ip: meta.ip.slice(0, 64),
    user_agent: meta.userAgent.slice(0, 255),
  });
  await trimUserSessions(db, user.id, SESSION_LIMITS.maxPerUser);
  return { token, expiresAt, name: user.name, deviceCookie: known && meta.deviceCookie ? meta.deviceCookie : issueDeviceCookie(secret, user.id) };
}
