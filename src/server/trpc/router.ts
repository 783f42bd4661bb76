import { router } from './init';
import { authRouter } from './routers/auth.router';
import { structureRouter } from './routers/structure.router';

export const appRouter = router({
  auth: authRouter,
  structure: structureRouter,
});

export type AppRouter = typeof appRouter;
