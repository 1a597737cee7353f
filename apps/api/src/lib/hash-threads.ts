import { Worker } from 'node:worker_threads';
import type { Options } from '@node-rs/argon2';

/** What a hashing thread is asked: a password hashed with `options`, or checked against a stored hash. */
export type HashJob =
  | { op: 'hash'; password: string; options: Options }
  | { op: 'verify'; hash: string; password: string };

type FromThread =
  | { kind: 'ready'; priority: string }
  | { kind: 'done'; value: string | boolean }
  | { kind: 'failed'; message: string };

/** The thread's entry (plain JavaScript: see its first lines). */
const THREAD_FILE = new URL('./hash-thread.mjs', import.meta.url);

/**
 * The nice value a hashing thread asks for (decision 129): -10 weighs about nine times a thread at 0 in
 * Linux's scheduler, so a hash takes its core while it runs instead of a third of it.
 */
export const RAISED_NICE = -10;

/**
 * One thread that runs one job at a time; started at its first job, and again after it ends. The thread
 * holds the process open only while a job runs.
 */
class HashThread {
  #worker: Worker | null = null;
  /** The job running, with the thread it was given to (an ended thread's news is not the next one's). */
  #job: {
    worker: Worker;
    resolve: (value: string | boolean) => void;
    reject: (error: Error) => void;
  } | null = null;
  #priority: Promise<string> | null = null;

  constructor(private readonly file: URL) {}

  get idle(): boolean {
    return this.#job === null;
  }

  /** What the thread said of its priority: 'raised', or why not (an error code, 'not linux'). */
  priority(): Promise<string> {
    this.#start();
    return this.#priority!;
  }

  run(job: HashJob): Promise<string | boolean> {
    const worker = this.#start();
    worker.ref();
    return new Promise((resolve, reject) => {
      this.#job = { worker, resolve, reject };
      worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(this.file, { workerData: { nice: RAISED_NICE } });
    let said: (priority: string) => void = () => undefined;
    this.#priority = new Promise((resolve) => {
      said = resolve;
    });
    worker.on('message', (message: FromThread) => {
      if (message.kind === 'ready') return said(message.priority);
      worker.unref();
      const job = this.#takeJob(worker);
      if (message.kind === 'done') job?.resolve(message.value);
      else job?.reject(new Error(message.message));
    });
    const lost = (error: Error) => {
      if (this.#worker === worker) this.#worker = null;
      said(`ended: ${error.message}`);
      this.#takeJob(worker)?.reject(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The hashing thread ended (exit code ${code}).`)));
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  /** The job `worker` was running, no longer this thread's. */
  #takeJob(worker: Worker) {
    const job = this.#job?.worker === worker ? this.#job : null;
    if (job) this.#job = null;
    return job;
  }
}

/**
 * `count` hashing threads at a raised priority (decision 129). The caller runs at most `count` jobs at
 * once (lib/secrets.ts's slots), so a job always finds an idle thread.
 */
export function hashThreads(count: number, options: { file?: URL } = {}) {
  const threads = Array.from({ length: count }, () => new HashThread(options.file ?? THREAD_FILE));
  const run = (job: HashJob): Promise<string | boolean> => {
    const thread = threads.find((t) => t.idle);
    if (!thread) throw new Error(`More than ${count} hashes at once: they are run in slots of ${count}.`);
    return thread.run(job);
  };
  return {
    hash: (password: string, argon2: Options) =>
      run({ op: 'hash', password, options: argon2 }) as Promise<string>,
    verify: (hash: string, password: string) => run({ op: 'verify', hash, password }) as Promise<boolean>,
    /** What the first thread said of its priority (starting it if it has not started). */
    priority: (): Promise<string> => threads[0]!.priority(),
    close: async (): Promise<void> => {
      await Promise.all(threads.map((t) => t.close()));
    },
  };
}
