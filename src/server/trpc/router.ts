import { router } from './init';
import { authRouter } from './routers/auth.router';
import { cardsRouter } from './routers/cards.router';
import { permissionRouter } from './routers/permission.router';
import { printRouter } from './routers/print.router';
import { structureRouter } from './routers/structure.router';
import { templatesRouter } from './routers/templates.router';
import { clientsRouter } from './routers/clients.router';
import { studentsRouter } from './routers/students.router';
import { teachersRouter } from './routers/teachers.router';

export const appRouter = router({
  auth: authRouter,
  structure: structureRouter,
  permission: permissionRouter,
  cards: cardsRouter,
  templates: templatesRouter,
  clients: clientsRouter,
  teachers: teachersRouter,
  students: studentsRouter,
  print: printRouter,
});

export type AppRouter = typeof appRouter;
