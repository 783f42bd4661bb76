// `npm run build:worker`: the worker bundle npm start builds itself (for the Docker image).
import { buildWorker } from './lib/build-worker';

await buildWorker();
