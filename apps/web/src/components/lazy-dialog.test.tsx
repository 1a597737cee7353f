import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { lazyDialog } from './lazy-dialog';
import { lazyNearViewport } from './near-viewport';

type Props = { opened: boolean; name: string };

/** A download the test finishes when it wants: `finish()` hands the loaded component over. */
function download<P>(Component: (props: P) => React.ReactNode) {
  let finish: () => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<(props: P) => React.ReactNode>((resolve) => {
        finish = () => resolve(Component);
      }),
  );
  return { load, finish: () => act(async () => finish()) };
}

const Dialog = ({ opened, name }: Props) => (opened ? <div role="dialog" aria-label={name} /> : null);

describe('lazyDialog', () => {
  it('downloads nothing while closed, dims the page while the dialog loads, then shows it and keeps it', async () => {
    const { load, finish } = download(Dialog);
    const Lazy = lazyDialog(load);
    let setOpened: (opened: boolean) => void = () => {};
    function Page() {
      const [opened, set] = useState(false);
      setOpened = set;
      return <Lazy opened={opened} name="Edit student" />;
    }
    renderWithProviders(<Page />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();

    act(() => setOpened(true));
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    await finish();
    expect(screen.getByRole('dialog', { name: 'Edit student' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();

    // Closed and opened again: no second download.
    act(() => setOpened(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => setOpened(true));
    expect(screen.getByRole('dialog', { name: 'Edit student' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads a dialog without an `opened` prop when it is rendered', async () => {
    const { load, finish } = download(({ name }: { name: string }) => (
      <div role="dialog" aria-label={name} />
    ));
    const Lazy = lazyDialog(load);
    renderWithProviders(<Lazy name="Studio rules" />);
    expect(load).toHaveBeenCalledTimes(1);
    await finish();
    expect(screen.getByRole('dialog', { name: 'Studio rules' })).toBeTruthy();
  });
});

describe('lazyNearViewport', () => {
  it('shows its placeholder until it comes near the screen, then loads', async () => {
    let seen: IntersectionObserverCallback = () => {};
    class Observer {
      constructor(callback: IntersectionObserverCallback) {
        seen = callback;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', Observer);
    try {
      const { load, finish } = download(({ rows }: { rows: number }) => (
        <table aria-label={`${rows} rows`} />
      ));
      const Lazy = lazyNearViewport(load, ({ rows }) => <p>{rows} rows coming</p>);
      renderWithProviders(<Lazy rows={3} />);
      expect(screen.getByText('3 rows coming')).toBeTruthy();
      expect(load).not.toHaveBeenCalled();

      act(() => seen([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(load).toHaveBeenCalledTimes(1);
      await finish();
      expect(screen.getByRole('table', { name: '3 rows' })).toBeTruthy();
      expect(screen.queryByText('3 rows coming')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
