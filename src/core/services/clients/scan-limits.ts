import type { TScanLimitsSave } from '../../../shared/schemas/clients';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { setScanLimits } from '../../../data/repos/clients.repo';
import { loadSchool, schoolFor } from './school-access';

// The scan limits the host (system administrator) sets per school (docs/scan-batches.md "Limits"):
// pages uploaded but not yet read, pages uploaded a day. NULL: the host's defaults; 0: none.
// Checked at upload by src/core/services/scan/scan-queue.ts.

export async function getScanLimits(deps: Deps, actor: Actor, clientId: number) {
  const school = await loadSchool(deps, actor, 'system.clients', clientId);
  return {
    client_id: school.id,
    scan_pages_in_flight: school.scan_pages_in_flight,
    scan_pages_per_day: school.scan_pages_per_day,
    defaults: { scan_pages_in_flight: deps.config.SCAN_PAGES_IN_FLIGHT, scan_pages_per_day: deps.config.SCAN_PAGES_PER_DAY },
  };
}

export async function saveScanLimits(deps: Deps, actor: Actor, input: TScanLimitsSave): Promise<{ client_id: number }> {
  const id = await schoolFor(deps, actor, 'system.clients', input.client_id);
  await setScanLimits(deps.db, id, input);
  return { client_id: id };
}
