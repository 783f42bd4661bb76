import { z } from 'zod';
import { ZBlockId } from './block-parts';
import { IMAGE_MAX_PX } from '../limits';
import { ASSET_PATH_PREFIX, PAGE_HTML_MAX_CHARS } from './constants';
import { ZPageComponents, type PageComponents } from './page-blocks';

// A saved page in the legacy shape {html, css, components, assets, styles, params}. `components`
// is our block tree; html and css are what the editor rendered from it (stored sanitised).

const IMAGE_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/;

/** An image src a page may keep: inline data, or a file of the project's own asset store. */
export function isLocalImageSrc(src: string): boolean {
  if (IMAGE_DATA_URL.test(src)) return true;
  return src.startsWith(ASSET_PATH_PREFIX) && /^[A-Za-z0-9/_.-]+$/.test(src) && !src.includes('..');
}

export const ZAsset = z.object({
  id: ZBlockId,
  name: z.string().max(200),
  type: z.string().max(50),
  src: z.string().max(1_500_000).refine(isLocalImageSrc, 'card.asset.remote'),
  height: z.number().min(0).max(IMAGE_MAX_PX),
  width: z.number().min(0).max(IMAGE_MAX_PX),
});
export type Asset = z.infer<typeof ZAsset>;

const box = { h: z.number(), w: z.number(), x: z.number(), y: z.number(), showno: z.union([z.string(), z.number()]).optional() };
export const ZPageParams = z.object({
  /** Question number → choice value → the bubble's box. */
  selectlist: z.record(z.string(), z.record(z.string(), z.object({ ...box, value: z.union([z.string(), z.number()]) }))).default({}),
  /** Question number → the whole question's box. */
  grouplist: z.record(z.string(), z.object(box)).default({}),
});
export type PageParams = z.infer<typeof ZPageParams>;

const text = (max: number) => z.string().max(max, 'card.content.tooLarge');

/** What `save card` / `save template` send as `options`. An empty html is refused by the service. */
export const ZPageOptions = z.object({
  html: text(PAGE_HTML_MAX_CHARS).default(''),
  css: text(PAGE_HTML_MAX_CHARS).default(''),
  styles: text(PAGE_HTML_MAX_CHARS).default(''),
  components: ZPageComponents,
  assets: z.array(ZAsset).max(50).default([]),
  params: ZPageParams.default({ selectlist: {}, grouplist: {} }),
});
export type PageOptions = z.infer<typeof ZPageOptions>;

/** Every asset id the blocks of a page refer to, so a save can refuse a dangling reference. */
export function referencedAssetIds(components: PageComponents): string[] {
  const ids: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'assetId' && typeof value === 'string') ids.push(value);
      else if (key === 'assetIds' && Array.isArray(value)) ids.push(...value.filter((v): v is string => typeof v === 'string'));
      else visit(value);
    }
  };
  visit(components.blocks);
  return ids;
}
