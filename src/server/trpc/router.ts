import { router } from './init';
import { authRouter } from './routers/auth.router';
import { clientsRouter } from './routers/clients.router';
import { permissionRouter } from './routers/permission.router';
import { structureRouter } from './routers/structure.router';
import { studentsRouter } from './routers/students.router';
import { teachersRouter } from './routers/teachers.router';

export const appRouter = router({
  auth: authRouter,
  structure: structureRouter,
  permission: permissionRouter,
  clients: clientsRouter,
  teachers: teachersRouter,
  students: studentsRouter,
});

export type AppRouter = typeof appRouter;
