import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseUrl, migratedDataDir, onServer } from '../../test/build-test-app';
import { serverScript } from '../../test/server-build';
import { type Database, openPglite, openPostgres } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import { enqueueMail } from '../mail/outbox';

/**
 * `npm run jobs` itself, as a process (its code bundled, test/server-build.ts): on a temporary DATA_DIR
 * of its own holding the tests' migrated database (a directory's first start is db/pglite-init.test.ts's),
 * or with TEST_DATABASE_URL on a new, empty database of that PostgreSQL server, which the command
 * migrates.
 */

function runCli(args: string[], env: Record<string, string>) {
  return startCli(args, env).done;
}

function startCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [serverScript('src/jobs/cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done, stdout: () => stdout };
}

/** An SMTP server that takes mail, but for addresses starting with "busy", which it asks to try later. */
async function startSmtp() {
  const subjects: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('busy')) {
        return cb(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 450 }));
      }
      cb();
    },
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        subjects.push(/^Subject: (.*)\r$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '');
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    subjects,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('npm run jobs -- --until', () => {
  it('refuses bad arguments with a sentence, before opening any database', async () => {
    const noDay = await runCli([], { DATA_DIR: '/nonexistent/never-opened' });
    expect(noDay.code).toBe(2);
    expect(noDay.stderr).toContain(
      'Say up to which day to run the jobs. Usage: npm run jobs -- --until YYYY-MM-DD',
    );
    const badDay = await runCli(['--until', '2026-02-30'], { DATA_DIR: '/nonexistent/never-opened' });
    expect(badDay.code).toBe(2);
    expect(badDay.stderr).toContain('“2026-02-30” is not a day: give it as YYYY-MM-DD, e.g. 2026-12-01.');
  });

  describe(process.env.TEST_DATABASE_URL ? 'on PostgreSQL' : 'on a DATA_DIR of its own', () => {
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let env: Record<string, string>;
    let open: () => Promise<Database>;
    let cleanUp: () => Promise<void>;

    beforeAll(async () => {
      smtp = await startSmtp();
      const serverUrl = process.env.TEST_DATABASE_URL;
      if (serverUrl) {
        // An empty database, not a copy of the migrated template: the command migrates it.
        const name = `pirouette_test_${randomBytes(6).toString('hex')}`;
        await onServer(serverUrl, `create database ${name}`);
        const url = databaseUrl(serverUrl, name);
        env = { DATABASE_URL: url };
        open = () => openPostgres(url, 2);
        cleanUp = () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
      } else {
        const root = await migratedDataDir('pirouette-jobs-cli-');
        env = { DATA_DIR: root };
        open = () => openPglite(join(root, 'pglite'));
        cleanUp = async () => rmSync(root, { recursive: true, force: true });
      }
    });
    afterAll(async () => {
      await smtp?.close();
      await cleanUp?.();
    });

    it('runs what is queued and prints each job, its studio and result, and a summary', async () => {
      // Tomorrow in UTC: mail is queued for now, by the database's clock.
      const until = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

      const first = await runCli(['--until', until], env);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(`No job was due by the end of ${until}.`);

      const database = await open();
      let ids: string[];
      try {
        await enqueueMail(database.db, {
          template: 'registration-code',
          data: { code: '123456', minutes: 10 },
          to: 'parent@example.com',
        });
        await enqueueMail(database.db, {
          template: 'registration-code',
          data: { code: '654321', minutes: 10 },
          to: 'busy@example.com',
        });
        ids = (await database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.seq))).map((m) => m.id);
      } finally {
        await database.close();
      }

      // Without SMTP, mail is left queued, and the command says why.
      const withoutSmtp = await runCli(['--until', until], env);
      expect(withoutSmtp.stdout).toContain(`No job was due by the end of ${until}.`);
      expect(withoutSmtp.stdout).toContain(
        'Left queued: 2 mail.deliver (no SMTP_URL, mail stays in the outbox).',
      );

      const run = await runCli([`--until=${until}`], { ...env, SMTP_URL: smtp.url });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const lines = run.stdout.trim().split('\n');
      expect(lines).toContain(`mail.deliver  ${ids[0]}  no studio  done`);
      const retried = lines.find((l) =>
        l.startsWith(`mail.deliver  ${ids[1]}  no studio  failed (attempt 1 of 8)`),
      );
      expect(retried).toMatch(/retried from .*: .*450 Mailbox busy, try later/);
      expect(lines).toContain(`2 jobs due by the end of ${until}: 1 done, 1 to retry, 0 failed for good.`);
      expect(smtp.subjects).toEqual(['Your Pirouette verification code: 123456']);
    }, 300_000);

    it('--worker runs jobs as they fall due until stopped, then hands back and exits', async () => {
      // Queued before the worker starts: an embedded database is held by one process at a time.
      const database = await open();
      try {
        await database.migrate();
        await enqueueMail(database.db, {
          template: 'registration-code',
          data: { code: '777777', minutes: 10 },
          to: 'worker@example.com',
        });
      } finally {
        await database.close();
      }
      const worker = startCli(['--worker'], { ...env, SMTP_URL: smtp.url });
      try {
        await vi.waitFor(() => expect(worker.stdout()).toContain('Running jobs as they fall due'), {
          timeout: 120_000,
          interval: 200,
        });
        await vi.waitFor(() => expect(smtp.subjects).toContain('Your Pirouette verification code: 777777'), {
          timeout: 60_000,
          interval: 200,
        });
      } finally {
        worker.child.kill('SIGTERM');
      }
      const ended = await worker.done;
      expect(ended.stderr).toBe('');
      expect(ended.code).toBe(0);
      expect(ended.stdout).toContain('Stopped: the job under way was finished or handed back.');
    }, 300_000);
  });
});
