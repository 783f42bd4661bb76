import { router } from './init';
import { authRouter } from './routers/auth.router';
import { permissionRouter } from './routers/permission.router';
import { structureRouter } from './routers/structure.router';

export const appRouter = router({
  auth: authRouter,
  structure: structureRouter,
  permission: permissionRouter,
});

export type AppRouter = typeof appRouter;
