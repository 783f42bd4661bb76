import { z } from 'zod';
import { ZVersions } from './print';
import { numeric } from './ids';
import { BLANK_COPIES_MAX } from '../limits';
import { ZGuid } from './cards';

// Inputs of the PDF viewer screens (preview, show, share-show, a school template's preview).

/** Print without student data: how many blank copies of the converted card. */
export const ZBlankCopiesInput = z.object({
  guid: ZGuid,
  copies: numeric(z.number({ error: 'viewer.copies.range' }).int('viewer.copies.range').min(1, 'viewer.copies.range').max(BLANK_COPIES_MAX, 'viewer.copies.range')),
  /** In versions (A/B 卷): copy 1 the first, copy 2 the second … in turn. */
  versions: ZVersions,
});

/** Share to a user: a teacher of the caller's own school gets the template in their collection. */
export const ZShareToUserInput = z.object({
  guid: ZGuid,
  user_id: numeric(z.number({ error: 'viewer.shareUser.required' }).int().positive('viewer.shareUser.required')),
});
