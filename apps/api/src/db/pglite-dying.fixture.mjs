// A thread that starts as the embedded database's does (pglite-thread.ts posts `ready`) and dies at its
// first call, as that thread would on an error nothing there catches: what pglite-remote.test.ts holds
// the main thread's side to.
import { parentPort } from 'node:worker_threads';

parentPort.postMessage({ kind: 'ready', arrays: [] });
parentPort.on('message', () => {
  throw new Error('the thread fell over');
});
