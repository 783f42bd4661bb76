import { router } from './init';
import { authRouter } from './routers/auth.router';
import { cardsRouter } from './routers/cards.router';
import { permissionRouter } from './routers/permission.router';
import { structureRouter } from './routers/structure.router';
import { templatesRouter } from './routers/templates.router';

export const appRouter = router({
  auth: authRouter,
  structure: structureRouter,
  permission: permissionRouter,
  cards: cardsRouter,
  templates: templatesRouter,
});

export type AppRouter = typeof appRouter;
