import { z } from 'zod';
import { MAX_PAGES } from '../card/constants';
import { ZGuid } from './cards';

// The editor's page list (issue 15, part 3): delete a page, move a page. Page 1 holds the header
// and the first-page base, so it is neither deleted nor moved, nor does another page take its place.

const ZLaterPage = z.coerce.number().int().min(2, 'card.page.firstFixed').max(MAX_PAGES, 'card.page.outOfRange');
const ZKind = z.enum(['card', 'template']);

export const ZDeletePageInput = z.object({ guid: ZGuid, kind: ZKind, page: ZLaterPage });
export type TDeletePageInput = z.infer<typeof ZDeletePageInput>;

export const ZMovePageInput = z.object({ guid: ZGuid, kind: ZKind, page: ZLaterPage, to: ZLaterPage });
export type TMovePageInput = z.infer<typeof ZMovePageInput>;
