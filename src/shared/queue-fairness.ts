// Fair order across schools on a shared queue (docs/print-service.md, docs/scan-batches.md "Fair
// order"), one rule for print tickets and scan parts: a unit of work (a ticket, a part of a scan
// batch) is queued with BullMQ priority 1 + the units its school already has pending, so schools
// take turns — a school's tenth unit waits behind every other school's first. Ties keep their
// arrival order (BullMQ), so a unit of a school with nothing pending goes after the units of
// rank 1 already queued and before every rank 2.

/** BullMQ's largest priority (2^21). */
const MAX_PRIORITY = 2_097_152;

/** The rank (BullMQ priority) of a school's next unit, given how many it has pending. */
export const fairRank = (pendingOfSchool: number): number => Math.min(Math.max(0, pendingOfSchool) + 1, MAX_PRIORITY);
