import type { Actor } from '../../core/auth/actor';
import { AppError } from '../../core/errors/app-error';

/**
 * While an imported or reset password is not yet changed (`users.must_change_password`), a session
 * may only do what changing it needs: read who it is and the menu (the shell around /resetpwd),
 * list and end its sessions, change the password, sign out. Everything else, on both doors, is
 * refused with 403 「請先變更密碼」 — the client's /resetpwd redirect is a courtesy, this is the rule.
 */
const ALLOWED_TRPC = new Set(['auth.me', 'auth.changePassword', 'auth.signOut', 'auth.sessions', 'auth.signOutElsewhere', 'structure.menu']);
const ALLOWED_LEGACY = new Set(['user get user', 'user renew password', 'structure get menu']);

function assertAllowed(actor: Actor, allowed: boolean): void {
  if (actor.mustChangePassword && !allowed) throw new AppError('FORBIDDEN', 'auth.mustChangePassword');
}

/** `path`: the tRPC procedure, e.g. `cards.list`. */
export function assertPasswordSettledForTrpc(actor: Actor, path: string): void {
  assertAllowed(actor, ALLOWED_TRPC.has(path));
}

export function assertPasswordSettledForLegacy(actor: Actor, call: { area: string; method: string | null; action: string | null }): void {
  assertAllowed(actor, ALLOWED_LEGACY.has(`${call.area} ${call.method ?? '*'} ${call.action ?? '*'}`));
}
