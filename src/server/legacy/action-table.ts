import type { LegacyAction } from './action';
import { accountActions } from './areas/account.actions';
import { cardContentActions } from './areas/cards-content.actions';
import { cardInfoActions } from './areas/cards.actions';
import { permissionActions } from './areas/permission.actions';
import { printActions } from './areas/print.actions';
import { scanActions } from './areas/scan.actions';
import { scanReviewActions } from './areas/scan-review.actions';
import { scoresActions } from './areas/scores.actions';
import { gradingActions } from './areas/grading.actions';
import { structureActions } from './areas/structure.actions';
import { templateActions } from './areas/templates.actions';
import { clientSettingsActions } from './areas/client-settings.actions';
import { clientsActions } from './areas/clients.actions';
import { studentsActions } from './areas/students.actions';
import { teachersActions } from './areas/teachers.actions';
import { viewerActions } from './areas/viewer.actions';

/** Every legacy call: {area, method, action} → schema + service. Areas add their lists here. */
export const LEGACY_ACTIONS: readonly LegacyAction[] = [
  ...accountActions,
  ...structureActions,
  ...permissionActions,
  ...cardInfoActions,
  ...cardContentActions,
  ...printActions,
  ...templateActions,
  ...clientsActions,
  ...clientSettingsActions,
  ...teachersActions,
  ...studentsActions,
  ...viewerActions,
  ...scanActions,
  ...scanReviewActions,
  ...scoresActions,
  ...gradingActions,
];

const index = new Map(LEGACY_ACTIONS.map((a) => [keyOf(a.area, a.method, a.action), a]));

function keyOf(area: string, method: string | null, action: string | null): string {
  return `${area} ${method ?? '*'} ${action ?? '*'}`;
}

export function findLegacyAction(area: string, method: unknown, action: unknown): LegacyAction | undefined {
  const bare = index.get(keyOf(area, null, null));
  if (bare) return bare;
  if (typeof method !== 'string' || typeof action !== 'string') return undefined;
  return index.get(keyOf(area, method, action));
}
