import { booksCalls } from '@pirouette/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, filenameOf } from './download-file';

describe('downloadFile', () => {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
    vi.restoreAllMocks();
  });

  it("saves the server's file under the server's name", async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:tb';
    });
    URL.revokeObjectURL = vi.fn();
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('\uFEFFAccount number,Account\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="first-position-trial-balance-2026-11-30.csv"',
        },
      }),
    );
    const name = await downloadFile(booksCalls.trialBalanceCsv, { query: { date: '2026-11-30' } });
    expect(name).toBe('first-position-trial-balance-2026-11-30.csv');
    expect(fetch.mock.calls[0]![0]).toBe('/api/mystudio/reports/trial-balance/csv?date=2026-11-30');
    expect(clicks).toEqual(['first-position-trial-balance-2026-11-30.csv']);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
  });

  it("throws the server's sentence on a refusal", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify([false, 'Choose a day as YYYY-MM-DD, for example 2026-11-30.']), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expect(downloadFile(booksCalls.trialBalanceCsv, { query: { date: 'x' } })).rejects.toThrow(
      'Choose a day as YYYY-MM-DD, for example 2026-11-30.',
    );
  });

  it('reads the name of a Content-Disposition, or falls back', () => {
    expect(filenameOf('attachment; filename="a-b.csv"', 'x.csv')).toBe('a-b.csv');
    expect(filenameOf(null, 'x.csv')).toBe('x.csv');
  });
});
