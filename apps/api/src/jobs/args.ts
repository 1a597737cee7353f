// The arguments of `npm run jobs`, read before anything heavy loads: a wrong argument is refused in a
// moment, without loading the server's modules or opening a database (cli.ts).

const USAGE = 'Usage: npm run jobs -- --until YYYY-MM-DD, or npm run jobs -- --worker';

/** What the arguments ask for: the jobs due up to a day, or a job runner until stopped. */
export type JobsArgs = { until: string } | { worker: true };

/**
 * What to do, or the sentence that says what is wrong with the arguments: run every job due by the end
 * of a day and stop (`--until`), or run jobs as they fall due until stopped (`--worker`: a job runner
 * beside the servers, one of several sharing the studios' billing days, decision 081).
 */
export function parseJobsArgs(argv: string[]): JobsArgs | { error: string } {
  let until: string | undefined;
  let worker = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--until') {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) return { error: `--until needs a day. ${USAGE}` };
      until = value;
      i++;
    } else if (arg.startsWith('--until=')) {
      until = arg.slice('--until='.length);
    } else if (arg === '--worker') {
      worker = true;
    } else {
      return { error: `Unknown argument “${arg}”. ${USAGE}` };
    }
  }
  if (worker && until !== undefined) return { error: `Either --until or --worker, not both. ${USAGE}` };
  if (worker) return { worker: true };
  if (until === undefined) return { error: `Say up to which day to run the jobs. ${USAGE}` };
  if (!isLocalDate(until))
    return { error: `“${until}” is not a day: give it as YYYY-MM-DD, e.g. 2026-12-01.` };
  return { until };
}

/** A day of the calendar, YYYY-MM-DD, checked to exist. */
function isLocalDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
