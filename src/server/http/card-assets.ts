import { Router, type NextFunction, type Request, type Response } from 'express';
import { ASSET_PATH_PREFIX } from '../../shared/card/constants';
import type { Deps } from '../../core/deps';
import { readCardImage } from '../../core/services/cards/card-images';
import { actorOf } from './session-cookie';

/**
 * GET /assets/cards/<school>/<file>: an uploaded editor image, for a signed-in user of that school
 * only (the session cookie, so a plain <img src> loads it; or a Bearer token). Errors go on to the
 * app's error handler.
 */
export function cardAssets(deps: Deps): Router {
  const assets = Router();
  assets.get(`${ASSET_PATH_PREFIX}:school/:file`, async (req: Request, res: Response, next: NextFunction) => {
    try {
      const actor = await actorOf(deps, req, res);
      const school = /^[0-9]{1,10}$/.test(String(req.params.school)) ? Number(req.params.school) : -1;
      const image = await readCardImage(deps, actor, school, String(req.params.file));
      // Private: one school's file, never kept by shared caches; the names never change content.
      res.setHeader('Cache-Control', 'private, max-age=86400, immutable');
      res.type(image.type).send(image.body);
    } catch (error) {
      next(error);
    }
  });
  return assets;
}
