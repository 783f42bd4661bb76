import { describe, expect, it } from 'vitest';
import { LEGACY_BODY_CAPS, TRPC_BODY_CAPS } from '../../shared/body-caps';
import { JSON_BODY_MAX_BYTES } from '../../shared/request-limits';
import { LEGACY_ACTIONS } from '../legacy/action-table';
import { callKey } from '../legacy/legacy-body';
import { appRouter } from '../trpc/router';

// A cap names its call by key: a renamed action or procedure would silently fall back to the
// default cap (and its uploads be refused), so every key must name a call that exists.
describe('body caps', () => {
  it('name only legacy calls that exist', () => {
    const calls = new Set(LEGACY_ACTIONS.map(callKey));
    for (const key of Object.keys(LEGACY_BODY_CAPS)) expect(calls, key).toContain(key);
  });

  it('name only tRPC procedures that exist', () => {
    const procedures = new Set(Object.keys(appRouter._def.procedures));
    for (const key of Object.keys(TRPC_BODY_CAPS)) expect(procedures, key).toContain(key);
  });

  it('are each larger than the default and need a right', () => {
    for (const [key, cap] of [...Object.entries(LEGACY_BODY_CAPS), ...Object.entries(TRPC_BODY_CAPS)]) {
      expect(cap.bytes, key).toBeGreaterThan(JSON_BODY_MAX_BYTES);
      expect(cap.anyOf.length, key).toBeGreaterThan(0);
    }
  });
});
