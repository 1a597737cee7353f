import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';

/**
 * `tsx bench/cluster.ts N`: N processes of the real server (apps/api/src/main.ts) on one port and one
 * database, with Node.js's cluster module: the primary (this process) accepts each connection and hands
 * it to the next process in turn (round-robin, Node's default on Linux); the processes share nothing
 * but the database. Each runs its own job runner (jobs claim their rows with FOR UPDATE SKIP LOCKED and
 * a lease: no job runs twice) and its own session cache (each hears the database's change notices on its
 * own connection: decisions 024 and 080). The processes start one after another, so that nothing of
 * their start (migrations, the cookie secret, the billing days queued) runs twice at once. Prints
 * `cluster listening <port>` once all listen; SIGTERM stops them all. PORT, HOST and the rest as for
 * the server. The bench (`--processes 1,2`) starts it; in production, a process manager or one
 * container per process behind a load balancer does the same (docs/performance.md).
 */
const processes = Number(process.argv[2] ?? '2');
if (!Number.isInteger(processes) || processes < 1)
  throw new Error(`Not a number of processes: ${process.argv[2]}`);

cluster.setupPrimary({ exec: fileURLToPath(new URL('../apps/api/src/main.ts', import.meta.url)) });
let stopping = false;
let listening = 0;

const forkNext = () => {
  const worker = cluster.fork();
  worker.once('listening', (address) => {
    listening++;
    if (listening < processes) forkNext();
    else console.log(`cluster listening ${address.port}`);
  });
};

cluster.on('exit', (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    return;
  }
  console.error(`server process ${worker.process.pid} ended (${code ?? signal}): stopping all`);
  stopping = true;
  for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  process.exitCode = 1;
});

process.once('SIGTERM', () => {
  stopping = true;
  const workers = Object.values(cluster.workers ?? {});
  if (workers.length === 0) process.exit(0);
  for (const w of workers) w?.process.kill('SIGTERM');
});

forkNext();
