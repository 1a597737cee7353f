// `npm start`: the web app built when its build is stale (scripts/web-build.ts), then the API server in
// this same process, from apps/api as before (DATA_DIR=./data is apps/api/data).
import { join } from 'node:path';
import { buildWeb, ROOT, readBuildState, whyBuild } from './web-build';

const reason = whyBuild(readBuildState());
if (reason) buildWeb(reason);
else console.log('The web app is built and current: not rebuilt.');
process.chdir(join(ROOT, 'apps/api'));
await import('../apps/api/src/main');
