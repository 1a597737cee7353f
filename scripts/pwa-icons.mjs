/**
 * Draws the installable web app's icons (decision 063), PNGs of 192 and 512 pixels, with nothing but
 * Node's zlib: a plum square with a white ring and a dot, a dancer's turn seen from above, kept inside the
 * middle 80 % so a "maskable" crop keeps it whole. Run once: `node scripts/pwa-icons.mjs`; the PNGs are
 * kept in apps/web/public.
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const PLUM = [0x9c, 0x3f, 0x82];
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The colour of pixel (x, y) of an icon of `size`, anti-aliased by 4×4 samples. */
function pixel(size, x, y) {
  const c = size / 2;
  const ring = [size * 0.3, size * 0.38];
  const dot = {
    x: c + size * 0.34 * Math.cos(-Math.PI / 4),
    y: c + size * 0.34 * Math.sin(-Math.PI / 4),
    r: size * 0.075,
  };
  let white = 0;
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      const px = x + (i + 0.5) / 4;
      const py = y + (j + 0.5) / 4;
      const d = Math.hypot(px - c, py - c);
      const inRing = d >= ring[0] && d <= ring[1];
      const inDot = Math.hypot(px - dot.x, py - dot.y) <= dot.r;
      const inCore = d <= size * 0.12;
      if (inRing || inDot || inCore) white++;
    }
  }
  const a = white / 16;
  return PLUM.map((p, k) => Math.round(p * (1 - a) + WHITE[k] * a));
}

function png(size) {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b] = pixel(size, x, y);
      const o = y * (size * 3 + 1) + 1 + x * 3;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) {
  writeFileSync(new URL(`../apps/web/public/icon-${size}.png`, import.meta.url), png(size));
}
