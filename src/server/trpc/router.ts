import { router } from './init';
import { authRouter } from './routers/auth.router';
import { cardImagesRouter } from './routers/card-images.router';
import { cardsRouter } from './routers/cards.router';
import { permissionRouter } from './routers/permission.router';
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
  cardImages: cardImagesRouter,
  templates: templatesRouter,
  clients: clientsRouter,
  teachers: teachersRouter,
  students: studentsRouter,
});

export type AppRouter = typeof appRouter;
