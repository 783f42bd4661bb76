// `npm run lint`: every linter (each package.json script `lint:<name>`: ESLint, knip, the layer
// check), one after the other; exit 1 when any failed. `npm test` runs the same first.
import { runLinters } from './lib/run-lint';

const results = await runLinters();
process.exit(results.every((result) => result.ok) ? 0 : 1);
