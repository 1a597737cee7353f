import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite } from './client';

const CLIENT_MODULE = fileURLToPath(new URL('./client.ts', import.meta.url));

let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pirouette-init-'));
  dataDir = join(root, 'pglite');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Starts a process opening `dataDir` for the first time, and kills it the moment `file` appears. */
async function killFirstStartWhen(file: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { openPglite } from ${JSON.stringify(CLIENT_MODULE)};
       await openPglite(${JSON.stringify(dataDir)});
       await new Promise(() => {});`,
    ],
    { stdio: 'ignore' },
  );
  const ended = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (existsSync(file)) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  child.kill('SIGKILL');
  await ended;
}

/**
 * Opens the directory, writes to it and reads the write back, closes it, and finds the write there on the
 * next open: a table of its own, not the 49 migrations (what a directory is, not what migrating does, is
 * tested here; migrating on a directory costs seconds and is done by every start of the product's processes).
 */
async function opensAndWrites(): Promise<void> {
  const count = async (database: Awaited<ReturnType<typeof openPglite>>) => {
    const { rows } = (await database.db.execute('select count(*)::int as n from written')) as unknown as {
      rows: { n: number }[];
    };
    return rows[0]?.n;
  };
  const database = await openPglite(dataDir);
  try {
    await database.db.execute('create table written (n int)');
    await database.db.execute('insert into written values (1), (2)');
    expect(await count(database)).toBe(2);
  } finally {
    await database.close();
  }
  const again = await openPglite(dataDir);
  try {
    expect(await count(again)).toBe(2);
  } finally {
    await again.close();
  }
}

describe('the first start of the embedded database', () => {
  it('leaves a directory the next start opens, when it is killed as the directory appears', async () => {
    // Before decision 041, PG_VERSION came first and the `postgres` database last: killed here, the
    // directory was taken for a made one and never opened again ("could not open file base/5/…").
    await killFirstStartWhen(join(dataDir, 'PG_VERSION'));
    await opensAndWrites();
  }, 180_000);

  it('makes it again when the first start was killed while making it aside', async () => {
    await killFirstStartWhen(join(`${dataDir}.new`, 'PG_VERSION'));
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
    await opensAndWrites();
    expect(existsSync(`${dataDir}.new`)).toBe(false);
  }, 180_000);

  it('refuses a directory with files that is not a database, and opens an empty one', async () => {
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'notes.txt'), 'mine');
    await expect(openPglite(dataDir)).rejects.toThrow('is not an embedded database');
    rmSync(join(dataDir, 'notes.txt'));
    await opensAndWrites();
  }, 180_000);
});
