import { z } from 'zod';
import { translate } from '../../../shared/i18n/translate';
import { ZClientEditSchema, ZClientPermissionSaveSchema, ZClientTargetSchema, ZExtendLicenceSchema } from '../../../shared/schemas/clients';
import { ZClientIdSchema } from '../../../shared/schemas/ids';
import { getClientPermission, saveClientPermission } from '../../../core/services/clients/client-permissions';
import { extendLicence, setClientStatus } from '../../../core/services/clients/client-status';
import { deleteClient } from '../../../core/services/clients/delete-client';
import { getClientInfo, saveClient } from '../../../core/services/clients/edit-client';
import { listAllClients, listClients, ZClientListSchema } from '../../../core/services/clients/list-clients';
import { json, sessionAction } from '../action';

// The client area's school calls (back-office.md §7); settings and roster calls sit in their own files.
export const clientsActions = [
  sessionAction({
    area: 'client',
    method: 'get',
    action: 'clients',
    input: z.unknown(),
    run: async (ctx) => json(await listAllClients(ctx.deps, ctx.actor)),
  }),
  sessionAction({
    area: 'client',
    method: 'get',
    action: 'lists',
    input: ZClientListSchema,
    run: async (ctx, input) => json(await listClients(ctx.deps, ctx.actor, input)),
  }),
  sessionAction({
    area: 'client',
    method: 'get',
    action: 'info',
    input: ZClientTargetSchema,
    run: async (ctx, input) => json(await getClientInfo(ctx.deps, ctx.actor, input.client_id)),
  }),
  sessionAction({
    area: 'client',
    method: 'edit',
    action: 'info',
    input: ZClientEditSchema,
    run: async (ctx, input) => json(await saveClient(ctx.deps, ctx.actor, input), translate(ctx.locale, 'clients.saved')),
  }),
  sessionAction({
    area: 'client',
    method: 'add',
    action: 'expirytime',
    input: ZExtendLicenceSchema,
    run: async (ctx, input) => {
      const done = await extendLicence(ctx.deps, ctx.actor, input);
      return json(done, translate(ctx.locale, 'clients.extended', { date: done.expiry_at }));
    },
  }),
  sessionAction({
    area: 'client',
    method: 'delete',
    action: 'client',
    input: ZClientTargetSchema,
    run: async (ctx, input) => {
      await deleteClient(ctx.deps, ctx.actor, input.client_id);
      return json(null, translate(ctx.locale, 'clients.deleted'));
    },
  }),
  sessionAction({
    area: 'client',
    method: 'to',
    action: 'freeze',
    input: ZClientTargetSchema,
    run: async (ctx, input) => json(await setClientStatus(ctx.deps, ctx.actor, input.client_id, 'disabled'), translate(ctx.locale, 'clients.disabled')),
  }),
  sessionAction({
    area: 'client',
    method: 'to',
    action: 'normal',
    input: ZClientTargetSchema,
    run: async (ctx, input) => json(await setClientStatus(ctx.deps, ctx.actor, input.client_id, 'normal'), translate(ctx.locale, 'clients.enabled')),
  }),
  sessionAction({
    area: 'client',
    method: 'get',
    action: 'permission',
    input: ZClientIdSchema,
    run: async (ctx, input) => json(await getClientPermission(ctx.deps, ctx.actor, ctx.locale, input.client_id)),
  }),
  sessionAction({
    area: 'client',
    method: 'save',
    action: 'permission',
    input: ZClientPermissionSaveSchema,
    run: async (ctx, input) => {
      await saveClientPermission(ctx.deps, ctx.actor, input);
      return json(null, translate(ctx.locale, 'clients.saved'));
    },
  }),
];
