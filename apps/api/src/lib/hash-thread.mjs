// A thread that hashes and checks passwords (decision 129), one at a time, as lib/hash-threads.ts asks.
// Plain JavaScript: Node 20 does not give a worker thread the server's TypeScript loader, and this
// thread needs none of the server's modules.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

/**
 * On Linux a thread's nice value is its own, so raising it raises this thread alone: a person waits on
 * every hash, and it then takes its core ahead of the pages being served. Raising needs the right to
 * (root, CAP_SYS_NICE or a nice limit); without it the thread keeps the process's priority. Elsewhere
 * the call would set the whole process's priority, so it is not made.
 */
function raisePriority(nice) {
  if (process.platform !== 'linux') return 'not linux';
  try {
    setPriority(0, nice);
    return 'raised';
  } catch (error) {
    return error?.code ?? 'refused';
  }
}

const priority = raisePriority(workerData.nice);
parentPort.postMessage({ kind: 'ready', priority });

parentPort.on('message', (job) => {
  try {
    const value =
      job.op === 'hash' ? hashSync(job.password, job.options) : verifySync(job.hash, job.password);
    parentPort.postMessage({ kind: 'done', value });
  } catch (error) {
    parentPort.postMessage({ kind: 'failed', message: String(error?.message ?? error) });
  }
});
