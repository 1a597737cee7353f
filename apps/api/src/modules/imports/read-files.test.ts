import { ARCHIVE_FILE } from '@pirouette/domain';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readUploads } from './read-files';

const SOURCE = { key: 'pirouette', name: 'Pirouette' };
const TODAY = '2026-11-29';

/** The problem readUploads gives a ZIP of these bytes, and how long reading it took. */
async function problemOf(bytes: Uint8Array, name = 'studio.zip') {
  const read = await readUploads(
    [{ name, content: Buffer.from(bytes).toString('base64'), encoding: 'base64' }],
    SOURCE,
    [],
    TODAY,
  );
  return { problem: read.summaries[0]?.problem };
}

const u16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

/**
 * The zip bomb of the review: one entry's local header and deflate stream, and `copies` central
 * directory entries all named pirouette.json pointing at it.
 */
function overlappingBomb(copies: number): Uint8Array {
  const one = zipSync({ [ARCHIVE_FILE]: new Uint8Array(1024 * 1024) }, { level: 9 });
  const end = one.length - 22;
  const cdSize = u32(one, end + 12);
  const cdAt = u32(one, end + 16);
  const entry = one.subarray(cdAt, cdAt + cdSize);
  const out = new Uint8Array(cdAt + cdSize * copies + 22);
  out.set(one.subarray(0, cdAt));
  for (let i = 0; i < copies; i++) out.set(entry, cdAt + i * cdSize);
  const eocd = out.subarray(cdAt + cdSize * copies);
  eocd.set(one.subarray(end));
  const view = new DataView(eocd.buffer, eocd.byteOffset, 22);
  view.setUint16(8, copies, true);
  view.setUint16(10, copies, true);
  view.setUint32(12, cdSize * copies, true);
  return out;
}

describe('a Pirouette archive uploaded as a ZIP', () => {
  it('is read: its pirouette.json answers as the same file uploaded alone', async () => {
    const json = JSON.stringify({ format: 'not-pirouette' });
    const zip = zipSync({ 'README.txt': strToU8('hello'), [ARCHIVE_FILE]: strToU8(json) });
    const alone = await problemOf(strToU8(json), ARCHIVE_FILE);
    expect(alone.problem).toBeTruthy();
    expect((await problemOf(zip)).problem).toBe(alone.problem);
    expect((await problemOf(zipSync({ 'README.txt': strToU8('hello') }))).problem).toBe(
      `The archive studio.zip holds no ${ARCHIVE_FILE}.`,
    );
  });

  it('is refused when thousands of entries point at one stream (a zip bomb)', async () => {
    const { problem } = await problemOf(overlappingBomb(3000));
    expect(problem).toBe(
      `The archive studio.zip holds more than 50 files; a Pirouette export holds a dozen. Upload the ZIP Pirouette exported, or its ${ARCHIVE_FILE} alone.`,
    );
  });

  it('is refused when it holds more than 50 entries', async () => {
    const files = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}.txt`, strToU8('x')]));
    expect((await problemOf(zipSync(files))).problem).toMatch(
      /^The archive studio\.zip holds more than 50 files/,
    );
  });

  it('is refused when two entries have one name', async () => {
    const zip = zipSync({ [ARCHIVE_FILE]: strToU8('{}'), 'pirouettf.json': strToU8('[]') });
    // Each name is written twice (local header, central directory); same length, so nothing moves.
    const text = Buffer.from(zip).toString('latin1').replaceAll('pirouettf.json', ARCHIVE_FILE);
    const twice = new Uint8Array(Buffer.from(text, 'latin1'));
    expect((await problemOf(twice)).problem).toBe(
      `The archive studio.zip holds two files of the same name; upload the ZIP Pirouette exported, or its ${ARCHIVE_FILE} alone.`,
    );
  });

  it('is refused when its pirouette.json would inflate past 64 MB', async () => {
    const zip = zipSync({ [ARCHIVE_FILE]: new Uint8Array(70 * 1024 * 1024) }, { level: 1 });
    expect(zip.length).toBeLessThan(200 * 1024);
    const { problem } = await problemOf(zip);
    expect(problem).toBe(
      `The archive studio.zip would unpack to more than 64 MB, more than a Pirouette export holds; upload the ZIP Pirouette exported, or its ${ARCHIVE_FILE} alone.`,
    );
  }, 120_000);
});
