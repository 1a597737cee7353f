import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv } from './csv-download';

/** UTF-8's byte-order mark (Blob.text() would drop it). */
const BOM = [0xef, 0xbb, 0xbf];
const encode = (text: string) => [...new TextEncoder().encode(text)];
const bytesOf = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];

describe('downloadCsv', () => {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
    vi.useRealTimers();
  });

  it('saves the CSV under the given name through a link clicked once, then lets the Blob go', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv-1';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });

    downloadCsv('ledger-2026-11-01-2026-11-21.csv', 'date,amount\n2026-11-02,80.00\n');

    expect(clicked).toEqual([
      { href: 'blob:csv-1', download: 'ledger-2026-11-01-2026-11-21.csv', attached: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    expect(await bytesOf(blobs[0]!)).toEqual([...BOM, ...encode('date,amount\n2026-11-02,80.00\n')]);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:csv-1');
  });

  it('does not add a second byte-order mark', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv-2';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    downloadCsv('a.csv', '\uFEFFx\n');
    expect(await bytesOf(blobs[0]!)).toEqual([...BOM, ...encode('x\n')]);
  });
});
