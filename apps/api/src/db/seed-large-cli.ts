import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { exitIfDataDirInUse } from './data-dir-lock';
import { LARGE_PASSWORD, LARGE_SIGN_INS, seedLarge } from './seed-large';

// `npm run seed:large [-- --scale 4] [--studios 10000]`: the large studio (issue 7) at a scale (decision
// 079), with `--studios` small studios beside it (200 by default), into DATABASE_URL or the embedded
// database (DATA_DIR, ./data by default). Meant for a fresh database.
const { values } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, studios: { type: 'string' } },
});
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 10)) throw new Error('--scale is a number above 0, at most 10');
const studios = values.studios === undefined ? undefined : Number(values.studios);
if (studios !== undefined && !(Number.isInteger(studios) && studios >= 1 && studios <= 20_000)) {
  throw new Error('--studios is a whole number from 1 to 20,000');
}
const config = loadConfig();
const database = await openDatabase(config).catch(exitIfDataDirInUse);
await database.migrate();
const seeded = await seedLarge(database.db, { scale, studios });
if (seeded) {
  const c = seeded.counts;
  console.log(
    `Seeded in ${seeded.seconds} s: one studio of ${c.locations} locations, ${c.rooms} rooms, ${c.classes} classes, ` +
      `${c.families} families, ${c.students} students and ${c.registrations} class registrations ` +
      `(their term marked so far: ${seeded.rolls.marks} attendance marks, ${seeded.rolls.credits} make-up credits), ` +
      `and ${seeded.otherStudios} small studios beside it.`,
  );
} else {
  console.log('The large studio is already there.');
}
for (const s of Object.values(LARGE_SIGN_INS)) console.log(`  ${s.email} / ${LARGE_PASSWORD}  (${s.role})`);
await database.close();
