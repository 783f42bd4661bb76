import { z } from 'zod';
import { translate } from '../../../shared/i18n/translate';
import {
  ZCardDataSaveSchema,
  ZClientEditSchema,
  ZClientPermissionSaveSchema,
  ZClientTargetSchema,
  ZDefPermissionSaveSchema,
  ZExtendLicenceSchema,
  ZScanLimitsSaveSchema,
  ZSettingSaveSchema,
} from '../../../shared/schemas/clients';
import { ZClientIdSchema } from '../../../shared/schemas/ids';
import { getDefPermission, getClientPermission, saveClientPermission, saveDefPermission } from '../../../core/services/clients/client-permissions';
import { getCardData, getSettingParams, getVcards, saveCardData, saveVcards } from '../../../core/services/clients/client-settings';
import { extendLicence, setClientStatus } from '../../../core/services/clients/client-status';
import { deleteClient, describeClientDeletion } from '../../../core/services/clients/delete-client';
import { getClientInfo, saveClient } from '../../../core/services/clients/edit-client';
import { getScanLimits, saveScanLimits } from '../../../core/services/clients/scan-limits';
import { listAllClients, listClients, ZClientListSchema } from '../../../core/services/clients/list-clients';
import { authedProcedure, router } from '../init';

const settingScope = z.object({ system: z.boolean().default(false) });
const permissionOf = (system: boolean) => (system ? 'system.settings' : 'client.settings');

export const clientsRouter = router({
  list: authedProcedure.input(ZClientListSchema).query(({ ctx, input }) => listClients(ctx.deps, ctx.actor, input)),
  all: authedProcedure.query(({ ctx }) => listAllClients(ctx.deps, ctx.actor)),
  info: authedProcedure.input(ZClientTargetSchema).query(({ ctx, input }) => getClientInfo(ctx.deps, ctx.actor, input.client_id)),
  save: authedProcedure.input(ZClientEditSchema).mutation(async ({ ctx, input }) => ({
    ...(await saveClient(ctx.deps, ctx.actor, input)),
    message: translate(ctx.locale, 'clients.saved'),
  })),
  scanLimits: authedProcedure.input(ZClientTargetSchema).query(({ ctx, input }) => getScanLimits(ctx.deps, ctx.actor, input.client_id)),
  saveScanLimits: authedProcedure.input(ZScanLimitsSaveSchema).mutation(async ({ ctx, input }) => ({
    ...(await saveScanLimits(ctx.deps, ctx.actor, input)),
    message: translate(ctx.locale, 'clients.saved'),
  })),
  extend: authedProcedure.input(ZExtendLicenceSchema).mutation(async ({ ctx, input }) => {
    const done = await extendLicence(ctx.deps, ctx.actor, input);
    return { ...done, message: translate(ctx.locale, 'clients.extended', { date: done.expiry_at }) };
  }),
  setStatus: authedProcedure
    .input(ZClientTargetSchema.extend({ status: z.enum(['normal', 'disabled']) }))
    .mutation(async ({ ctx, input }) => ({
      ...(await setClientStatus(ctx.deps, ctx.actor, input.client_id, input.status)),
      message: translate(ctx.locale, input.status === 'normal' ? 'clients.enabled' : 'clients.disabled'),
    })),
  deletePreview: authedProcedure.input(ZClientTargetSchema).query(({ ctx, input }) => describeClientDeletion(ctx.deps, ctx.actor, input.client_id)),
  delete: authedProcedure.input(ZClientTargetSchema).mutation(async ({ ctx, input }) => {
    await deleteClient(ctx.deps, ctx.actor, input.client_id);
    return { message: translate(ctx.locale, 'clients.deleted') };
  }),
  permission: authedProcedure.input(ZClientIdSchema).query(({ ctx, input }) => getClientPermission(ctx.deps, ctx.actor, ctx.locale, input.client_id)),
  savePermission: authedProcedure.input(ZClientPermissionSaveSchema).mutation(async ({ ctx, input }) => {
    await saveClientPermission(ctx.deps, ctx.actor, input);
    return { message: translate(ctx.locale, 'clients.saved') };
  }),
  defPermission: authedProcedure.input(ZClientIdSchema).query(({ ctx, input }) => getDefPermission(ctx.deps, ctx.actor, ctx.locale, input.client_id)),
  saveDefPermission: authedProcedure.input(ZDefPermissionSaveSchema).mutation(async ({ ctx, input }) => {
    await saveDefPermission(ctx.deps, ctx.actor, input);
    return { message: translate(ctx.locale, 'clients.saved') };
  }),
  cardData: authedProcedure.input(ZClientIdSchema).query(({ ctx, input }) => getCardData(ctx.deps, ctx.actor, ctx.locale, input.client_id)),
  saveCardData: authedProcedure.input(ZCardDataSaveSchema).mutation(async ({ ctx, input }) => {
    await saveCardData(ctx.deps, ctx.actor, input);
    return { message: translate(ctx.locale, 'clients.saved') };
  }),
  setting: authedProcedure
    .input(ZClientIdSchema.extend(settingScope.shape))
    .query(({ ctx, input }) => getVcards(ctx.deps, ctx.actor, permissionOf(input.system), input.client_id)),
  settingParams: authedProcedure
    .input(ZClientIdSchema.extend(settingScope.shape))
    .query(({ ctx, input }) => getSettingParams(ctx.deps, ctx.actor, ctx.locale, permissionOf(input.system), input.client_id)),
  saveSetting: authedProcedure.input(ZSettingSaveSchema.extend(settingScope.shape)).mutation(async ({ ctx, input }) => {
    await saveVcards(ctx.deps, ctx.actor, permissionOf(input.system), input);
    return { message: translate(ctx.locale, 'clients.saved') };
  }),
});
