import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

const SCRIPT = `console.log(${JSON.stringify('pirouette '.repeat(200))});\n`;

let t: TestApp;
// A path with "assets" in it above the build: only the build's own assets folder is hashed.
const webDist = join(mkdtempSync(join(tmpdir(), 'pirouette-assets-')), 'dist');
beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Pirouette</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'main-abc123.js'), SCRIPT);
  writeFileSync(join(webDist, 'assets', 'main-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(webDist, 'assets', 'main-abc123.js.gz'), gzipSync(SCRIPT));
  // Too small to be worth compressing: the build leaves it alone.
  writeFileSync(join(webDist, 'assets', 'tiny-def456.js'), 'export{}');
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(join(webDist, '..'), { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the web app’s assets', () => {
  it('answers brotli to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/main-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('answers gzip when brotli is not accepted', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip, deflate']) {
      const res = await get('/assets/main-abc123.js', accept);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
    }
  });

  it('answers the file itself when no encoding is accepted, still varying on it', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/main-abc123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('answers a file the build did not compress as it is', async () => {
    const res = await get('/assets/tiny-def456.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export{}');
  });

  it('never caches the page that names the assets', async () => {
    for (const url of ['/', '/login', '/accounts/parents', '/index.html']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves the installable app: its manifest, icons and service worker, the worker never kept', async () => {
    writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"Pirouette"}');
    writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(webDist, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const worker = await get('/sw.js', 'br, gzip');
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect((await get('/icon-192.png')).headers['content-type']).toBe('image/png');
  });

  it('answers a missing built file 404, not with the page, so an old page reloads', async () => {
    const res = await get('/assets/gone-0123abcd.js', 'br, gzip');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });
});
