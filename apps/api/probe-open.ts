import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
const file = process.argv[2]!;
const mem = Number(process.argv[3]);
const extra = process.argv.slice(4);
const bytes = readFileSync(file);
let tot = 0;
for (let i = 0; i < 10; i++) {
  const held = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const blob = new Blob([]); (blob as any).arrayBuffer = () => Promise.resolve(held);
  const c = process.cpuUsage();
  const pg = new PGlite({ loadDataDir: blob, startParams: [...PGlite.defaultStartParams, ...extra], ...(mem ? { initialMemory: mem * 1024 * 1024 } : {}) });
  await pg.waitReady;
  await pg.query('select 1');
  await pg.close();
  const cc = process.cpuUsage(c);
  if (i >= 4) tot += cc.user + cc.system;
}
console.log(mem, extra.join(' '), 'cpu per open (last 6)', (tot / 6000).toFixed(0));
