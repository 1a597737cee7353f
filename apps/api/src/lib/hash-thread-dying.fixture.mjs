// A hashing thread that ends at its first job, as one would on a fatal error (hash-threads.test.ts).
import { parentPort } from 'node:worker_threads';

parentPort.postMessage({ kind: 'ready', priority: 'kept' });
parentPort.on('message', () => process.exit(3));
