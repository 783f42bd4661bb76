// `npm run build:bundles`: the server and worker bundles npm start builds itself (for the Docker image).
import { buildServer, buildWorker } from './lib/build-worker';

await buildWorker();
await buildServer();
