import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openPglite } from '../apps/api/src/db/client';
import { systemClock } from '../apps/api/src/lib/clock';
import { paymentsFor } from '../apps/api/src/modules/payments/providers';
import { ROOT } from './processes';

/**
 * `tsx bench/import.ts [--families N]`: moving a studio in (issue 35 item 7, decision 054). A fresh
 * studio, registered through the API on a temporary PGlite in this process, checks and then imports
 * files in Jackrabbit's layout: N families (1,000) with their balances, 1.5 N dancers, 3 N enrolments in
 * N / 10 classes. Reports the check's and the write's times (targets: under 10 s and under 30 s) and
 * writes bench/results/import.json.
 */
const { values } = parseArgs({ options: { families: { type: 'string', default: '1000' } } });
const N = Number(values.families);
const say = (line: string) => process.stdout.write(`${line}\n`);

const dir = mkdtempSync(join(tmpdir(), 'pirouette-import-bench-'));
const database = await openPglite(join(dir, 'pglite'));
await database.migrate();
const app = await buildApp({
  ...paymentsFor({ db: database.db, clock: systemClock }),
  db: database.db,
  dbKind: 'pglite',
  changes: database.changes,
  config: { ...loadConfig({ LOG_LEVEL: 'silent' }) },
  clock: systemClock,
  appUrl: 'http://localhost:3000',
  cookieSecret: 'bench-cookie-secret-of-at-least-32-characters',
});
await app.ready();

async function call(method: 'GET' | 'POST', url: string, payload?: unknown, token?: string) {
  const res = await app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token ? { 'x-access-token': token } : {},
  });
  const body = res.json() as [boolean, unknown];
  if (res.statusCode !== 200)
    throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return body[1];
}

/** A fresh studio and its owner, as the registration pages make them; the owner's session. */
async function freshStudio(): Promise<string> {
  const email = 'owner@import-bench.example';
  await call('GET', `/api/registration/confirm/email/${email}`);
  const mails = (await call('GET', '/dev/mail.json')) as { to: string; subject: string }[];
  const code = /\b(\d{6})\b/.exec(mails.find((m) => m.to === email)?.subject ?? '')?.[1] ?? '';
  await call('GET', `/api/registration/email/validate/${email}/${code}`);
  await call('POST', '/api/registration/account', {
    login: { email, password: 'Studio123' },
    user: { firstName: 'Ana', lastName: 'Lopez', phone: '(973) 555-0100' },
    accountInfo: { address: '1 Main St', city: 'Newark', state: 'NJ', zipcode: '07102', phone: '9735550100' },
    studioInfo: {
      name: 'Moving In Dance',
      address: '2 Broad St',
      city: 'Newark',
      state: 'NJ',
      zipcode: '07102',
      phone: '9735550111',
      email: 'studio@import-bench.example',
    },
    aboutUS: { option: 'Google', notes: '' },
  });
  const session = (await call('POST', '/api/auth/login', { email, password: 'Studio123' })) as {
    token: string;
  };
  return session.token;
}

const csv = (rows: (string | number)[][]) => rows.map((r) => r.join(',')).join('\r\n');
const CLASSES = Math.max(1, Math.round(N / 10));
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function files() {
  const families = [
    [
      'Family ID',
      'Family Name',
      'Contact 1 First Name',
      'Contact 1 Last Name',
      'Contact 1 Email',
      'Primary Phone',
      'Address 1',
      'City',
      'State',
      'Zip',
      'Balance',
    ],
  ];
  const dancers = [['Student ID', 'Family ID', 'First Name', 'Last Name', 'Birth Date', 'Gender']];
  const classes = [
    [
      'Class ID',
      'Class Name',
      'Days',
      'Start Time',
      'End Time',
      'Room',
      'Instructors',
      'Min Age',
      'Max Age',
      'Max Size',
      'Tuition',
    ],
  ];
  const enrolments = [['Student ID', 'Class ID']];
  for (let c = 0; c < CLASSES; c++) {
    const hour = 15 + (c % 5);
    classes.push([
      `C${c}`,
      `Class ${c}`,
      DAYS[c % 6]!,
      `${hour}:00`,
      `${hour}:45`,
      `Room ${c % 4}`,
      `Teacher${c % 8} Lee`,
      '5',
      '12',
      '40',
      '$65.00',
    ]);
  }
  let dancer = 0;
  for (let f = 0; f < N; f++) {
    const balance = f % 3 === 0 ? `$${(f % 200) + 10}.50` : f % 7 === 0 ? '-$25.00' : '$0.00';
    families.push([
      `F${f}`,
      `Family${f}`,
      'Pat',
      `Family${f}`,
      `parent${f}@import-bench.example`,
      `(973) 555-${String(1000 + (f % 9000)).padStart(4, '0')}`,
      `${f} Main St`,
      'Newark',
      'NJ',
      '07102',
      balance,
    ]);
    for (let k = 0; k < (f % 2 === 0 ? 2 : 1); k++) {
      const id = `D${dancer}`;
      dancers.push([
        id,
        `F${f}`,
        `Kid${dancer}`,
        `Family${f}`,
        `0${1 + (dancer % 9)}/1${dancer % 9}/2015`,
        dancer % 2 ? 'M' : 'F',
      ]);
      enrolments.push([id, `C${dancer % CLASSES}`], [id, `C${(dancer + 1) % CLASSES}`]);
      dancer++;
    }
  }
  return [
    { name: 'families.csv', content: csv(families) },
    { name: 'students.csv', content: csv(dancers) },
    { name: 'classes.csv', content: csv(classes) },
    { name: 'enrollments.csv', content: csv(enrolments), kind: 'enrolments' },
  ];
}

try {
  const token = await freshStudio();
  const upload = files();
  say(
    `Importing ${N} families, ${upload[1]!.content.split('\r\n').length - 1} dancers, ${CLASSES} classes, ${upload[3]!.content.split('\r\n').length - 1} enrolments into a fresh studio (PGlite)…`,
  );
  let started = performance.now();
  const batch = (await call(
    'POST',
    '/api/mystudio/imports',
    { source: 'jackrabbit', files: upload },
    token,
  )) as {
    id: string;
    ready: boolean;
    totals: Record<string, { new: number; refused: number }>;
  };
  const checkSeconds = (performance.now() - started) / 1000;
  if (!batch.ready) throw new Error(`the check is not ready: ${JSON.stringify(batch.totals)}`);
  started = performance.now();
  await call('POST', `/api/mystudio/imports/${batch.id}/run`, {}, token);
  const writeSeconds = (performance.now() - started) / 1000;
  const totals = Object.fromEntries(
    Object.entries(batch.totals).map(([k, t]) => [k, { new: t.new, refused: t.refused }]),
  );
  say(`| import, PGlite | seconds | target |`);
  say(`|---|--:|--:|`);
  say(`| check (dry run) | ${checkSeconds.toFixed(2)} | < 10 |`);
  say(`| write (run) | ${writeSeconds.toFixed(2)} | < 30 |`);
  say(`totals: ${JSON.stringify(totals)}`);
  const resultsDir = join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, 'import.json'),
    `${JSON.stringify({ date: new Date().toISOString(), families: N, checkSeconds, writeSeconds, totals }, null, 2)}\n`,
  );
  if (checkSeconds >= 10 || writeSeconds >= 30) process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
