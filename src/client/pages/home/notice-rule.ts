import { MAINTENANCE_NOTICE } from '../../../shared/limits';

/**
 * The maintenance notice shows only before its end (spec §2 /home) and while the session's
 * hint flag is not '1' (set when the user dismisses it).
 */
export function shouldShowNotice(now: Date, hint: string | null): boolean {
  return now.getTime() < Date.parse(MAINTENANCE_NOTICE.until) && hint !== '1';
}
