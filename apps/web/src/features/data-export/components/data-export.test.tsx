import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FamilyDataCard } from './family-data-card';
import { MoveOutCard } from './move-out-card';

/** The server answering an export: a ZIP under its name, or a refusal's `[false, sentence]`. */
function serve(answer: 'zip' | 'refused', filename = 'first-position-export-2026-11-29.zip') {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    answer === 'zip'
      ? new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
          status: 200,
          headers: {
            'content-type': 'application/zip',
            'content-disposition': `attachment; filename="${filename}"`,
          },
        })
      : new Response(JSON.stringify([false, 'Only the studio owner can do this.']), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
  );
  const saved: string[] = [];
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:export';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { fetch, saved, blobs };
}

afterEach(() => vi.restoreAllMocks());

describe('moving out', () => {
  it("the owner's card says what the archive holds, and downloads it under the server's name", async () => {
    const user = userEvent.setup();
    const { fetch, saved, blobs } = serve('zip');
    renderWithProviders(<MoveOutCard />);
    expect(screen.getByRole('heading', { name: 'Move out: export everything' })).toBeTruthy();
    expect(screen.getByText(/pirouette.json, the whole studio in one file/)).toBeTruthy();
    expect(screen.getByText(/Card numbers never leave the card processor/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download everything' }));
    expect(await screen.findByText('first-position-export-2026-11-29.zip is downloading.')).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe('/api/mystudio/export');
    expect((fetch.mock.calls[0]![1] as RequestInit).credentials).toBe('same-origin');
    expect(saved).toEqual(['first-position-export-2026-11-29.zip']);
    expect(blobs[0]!.type).toBe('application/zip');
  });

  it("shows the server's sentence when the export is refused, and saves nothing", async () => {
    const user = userEvent.setup();
    const { saved } = serve('refused');
    renderWithProviders(<MoveOutCard />);
    await user.click(screen.getByRole('button', { name: 'Download everything' }));
    expect(await screen.findByText('Only the studio owner can do this.')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it("the parent's card downloads their own family's data", async () => {
    const user = userEvent.setup();
    const { fetch, saved } = serve('zip', 'first-position-smith-data-2026-11-29.zip');
    renderWithProviders(<FamilyDataCard />);
    await user.click(screen.getByRole('button', { name: 'Download our data' }));
    expect(await screen.findByText('first-position-smith-data-2026-11-29.zip is downloading.')).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe('/api/parents/export');
    expect(saved).toEqual(['first-position-smith-data-2026-11-29.zip']);
  });
});
