import { router } from './init';
import { authRouter } from './routers/auth.router';
import { cardImagesRouter } from './routers/card-images.router';
import { cardsRouter } from './routers/cards.router';
import { permissionRouter } from './routers/permission.router';
import { printRouter } from './routers/print.router';
import { scanRouter } from './routers/scan.router';
import { scoresRouter } from './routers/scores.router';
import { gradingRouter } from './routers/grading.router';
import { structureRouter } from './routers/structure.router';
import { templatesRouter } from './routers/templates.router';
import { clientsRouter } from './routers/clients.router';
import { studentsRouter } from './routers/students.router';
import { teachersRouter } from './routers/teachers.router';
import { viewerRouter } from './routers/viewer.router';

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
  viewer: viewerRouter,
  print: printRouter,
  scan: scanRouter,
  scores: scoresRouter,
  grading: gradingRouter,
});

export type AppRouter = typeof appRouter;
