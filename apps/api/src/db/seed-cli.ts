import { loadConfig } from '../config';
import { openDatabase } from './client';
import { exitIfDataDirInUse } from './data-dir-lock';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemo } from './seed-demo';

// `npm run seed:demo`: the demo studios on demand, into DATABASE_URL or the embedded database.
const config = loadConfig();
const database = await openDatabase(config).catch(exitIfDataDirInUse);
await database.migrate();
const seeded = await seedDemo(database.db);
console.log(seeded ? 'Demo studios seeded.' : 'The demo studios are already there.');
for (const s of DEMO_SIGN_INS) console.log(`  ${s.email} / ${DEMO_PASSWORD}  (${s.role})`);
await database.close();
