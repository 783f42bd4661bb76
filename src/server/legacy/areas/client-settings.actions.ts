import { translate } from '../../../shared/i18n/translate';
import type { Permission } from '../../../shared/permissions';
import { ZCardDataSaveSchema, ZDefPermissionSaveSchema, ZSettingSaveSchema } from '../../../shared/schemas/clients';
import { ZClientIdSchema } from '../../../shared/schemas/ids';
import { getDefPermission, getGrantableGroups, saveDefPermission } from '../../../core/services/clients/client-permissions';
import { getCardData, getSettingParams, getVcards, saveCardData, saveVcards } from '../../../core/services/clients/client-settings';
import { json, sessionAction, type LegacyArea } from '../action';

/** Default templates (Vcards): `client` for a school's, `system` (system.settings) for the system's. */
function vcardsActions(area: LegacyArea, suffix: 'setting' | 'settings', permission: Permission) {
  return [
    sessionAction({
      area,
      method: 'get',
      action: suffix,
      input: ZClientIdSchema,
      run: async (ctx, input) => json(await getVcards(ctx.deps, ctx.actor, permission, input.client_id)),
    }),
    sessionAction({
      area,
      method: 'save',
      action: suffix,
      input: ZSettingSaveSchema,
      run: async (ctx, input) => {
        await saveVcards(ctx.deps, ctx.actor, permission, input);
        return json(null, translate(ctx.locale, 'clients.saved'));
      },
    }),
  ];
}

export const clientSettingsActions = [
  ...vcardsActions('client', 'setting', 'client.settings'),
  ...vcardsActions('system', 'settings', 'system.settings'),
  sessionAction({
    area: 'client',
    method: 'get',
    action: 'params',
    input: ZClientIdSchema,
    run: async (ctx, input) => json(await getSettingParams(ctx.deps, ctx.actor, ctx.locale, 'client.settings', input.client_id)),
  }),
  sessionAction({
    area: 'client',
    method: 'get',
    action: 'data',
    input: ZClientIdSchema,
    run: async (ctx, input) => json(await getCardData(ctx.deps, ctx.actor, ctx.locale, input.client_id)),
  }),
  sessionAction({
    area: 'client',
    method: 'save',
    action: 'data',
    input: ZCardDataSaveSchema,
    run: async (ctx, input) => {
      await saveCardData(ctx.deps, ctx.actor, input);
      return json(null, translate(ctx.locale, 'clients.saved'));
    },
  }),
  sessionAction({
    area: 'client',
    method: 'get',
    action: 'defpermission',
    input: ZClientIdSchema,
    run: async (ctx, input) => json(await getDefPermission(ctx.deps, ctx.actor, ctx.locale, input.client_id)),
  }),
  sessionAction({
    area: 'client',
    method: 'save',
    action: 'defpermission',
    input: ZDefPermissionSaveSchema,
    run: async (ctx, input) => {
      await saveDefPermission(ctx.deps, ctx.actor, input);
      return json(null, translate(ctx.locale, 'clients.saved'));
    },
  }),
  sessionAction({
    area: 'permission',
    method: 'get',
    action: 'clientPermissions',
    input: ZClientIdSchema,
    run: async (ctx, input) => json(await getGrantableGroups(ctx.deps, ctx.actor, ctx.locale, input.client_id)),
  }),
];
