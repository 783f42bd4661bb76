import type { z } from 'zod';
import type { ZImageBlock, ZImageColumnsBlock, ZImageTextBlock, ZRatioChartBlock } from '../leaf-blocks';
import { isLocalImageSrc } from '../page-document';
import { BLOCK_HEIGHT_PX } from '../constants';
import { IMAGE_PLACEHOLDER_ALT, RATIO_CHART_DEFAULT_PX } from './render-constants';
import { blockHooks, type RenderEnv } from './render-env';
import { TextContent } from './text-blocks';

// A 1 × 1 light grey PNG stretched over the frame: a placeholder the page sanitiser keeps (it
// allows raster data: URLs only) and that prints as a faint box where the image will go.
const PLACEHOLDER_SRC = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN49+4dAAWYAsspex20AAAAAElFTkSuQmCC';

/** An asset of the page, or the placeholder. A src the schema would refuse is never printed. */
function Picture({ assetId, env }: { assetId: string | null | undefined; env: RenderEnv }) {
  const asset = assetId ? env.assets.get(assetId) : undefined;
  if (asset && isLocalImageSrc(asset.src)) return <img className="acs-img" src={asset.src} alt={asset.name} />;
  return <img className="acs-img acs-img-placeholder" src={PLACEHOLDER_SRC} alt={IMAGE_PLACEHOLDER_ALT} />;
}

export function ImageView({ block, env }: { block: z.infer<typeof ZImageBlock>; env: RenderEnv }) {
  return (
    <div className="acs-image" style={{ height: block.height }} {...blockHooks(env, block.id)}>
      <Picture assetId={block.assetId} env={env} />
    </div>
  );
}

/** Two, three or four images side by side: 50 %, 33.3 %, 25 % (page-editor.md §3). */
export const IMAGE_COLUMN_WIDTH = { 2: '50%', 3: '33.3%', 4: '25%' } as const;

export function ImageColumnsView({ block, env }: { block: z.infer<typeof ZImageColumnsBlock>; env: RenderEnv }) {
  const width = IMAGE_COLUMN_WIDTH[block.columns];
  return (
    <div className="acs-image-columns" style={{ height: block.height }} {...blockHooks(env, block.id)}>
      {block.assetIds.map((assetId, i) => (
        <div className="acs-image" style={{ width }} key={i}>
          <Picture assetId={assetId} env={env} />
        </div>
      ))}
    </div>
  );
}

/** Side by side: image 30 %, text 70 %. Stacked: a 100 px image (the spec's gp image) and the text. */
export function ImageTextView({ block, env }: { block: z.infer<typeof ZImageTextBlock>; env: RenderEnv }) {
  const sideBySide = block.layout === 'imageLeft' || block.layout === 'textLeft';
  const imageFirst = block.layout === 'imageLeft' || block.layout === 'imageTop';
  const image = (
    <div className="acs-image" style={sideBySide ? { width: '30%' } : { height: BLOCK_HEIGHT_PX.gpImage }} key="image">
      <Picture assetId={block.assetId} env={env} />
    </div>
  );
  const text = (
    <div className="acs-text acs-image-text-text" style={sideBySide ? { width: '70%' } : undefined} key="text">
      <TextContent content={block.content} env={env} />
    </div>
  );
  // Stacked, the image is the fixed gp image: the block keeps at least one text line beneath it,
  // or a short stored height would clip its text to nothing.
  const height = sideBySide ? block.height : Math.max(block.height, BLOCK_HEIGHT_PX.gpImage + BLOCK_HEIGHT_PX.text);
  return (
    <div className={`acs-image-text acs-image-text-${sideBySide ? 'row' : 'column'}`} style={{ height }} {...blockHooks(env, block.id)}>
      {imageFirst ? [image, text] : [text, image]}
    </div>
  );
}

/** The equal-ratio chart: money up the side, outing time along the bottom, the plot an image. */
export function RatioChartView({ block, env }: { block: z.infer<typeof ZRatioChartBlock>; env: RenderEnv }) {
  return (
    <div className="acs-chart" style={{ height: block.height ?? RATIO_CHART_DEFAULT_PX }} {...blockHooks(env, block.id)}>
      <div className="acs-chart-y">
        <span className="acs-chart-unit">$</span>
        <span className="acs-chart-y-label">個人花費</span>
        <span className="acs-chart-origin">0</span>
      </div>
      <div className="acs-chart-plot">
        <Picture assetId={block.assetId} env={env} />
      </div>
      <div className="acs-chart-x">出遊時間(小時)</div>
    </div>
  );
}
