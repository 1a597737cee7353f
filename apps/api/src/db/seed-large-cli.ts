import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { exitIfDataDirInUse } from './data-dir-lock';
import { LARGE_PASSWORD, LARGE_SIGN_INS, seedLarge } from './seed-large';

// `npm run seed:large [-- --scale 0.1]`: the large studio (issue 7) into DATABASE_URL or the embedded
// database (DATA_DIR, ./data by default). Meant for a fresh database.
const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 10)) throw new Error('--scale is a number above 0, at most 10');
const config = loadConfig();
const database = await openDatabase(config).catch(exitIfDataDirInUse);
await database.migrate();
const seeded = await seedLarge(database.db, { scale });
if (seeded) {
  const c = seeded.counts;
  console.log(
    `Seeded in ${seeded.seconds} s: one studio of ${c.locations} locations, ${c.rooms} rooms, ${c.classes} classes, ` +
      `${c.families} families, ${c.students} students and ${c.registrations} class registrations, ` +
      `and ${seeded.otherStudios} small studios beside it.`,
  );
} else {
  console.log('The large studio is already there.');
}
for (const s of Object.values(LARGE_SIGN_INS)) console.log(`  ${s.email} / ${LARGE_PASSWORD}  (${s.role})`);
await database.close();
