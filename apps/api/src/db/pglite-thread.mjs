// The embedded database's thread starts here (decision 119): tsx's loader, registered on this thread
// (Node 20 does not pass the server's to its worker threads), then the thread itself in TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread.ts');
