import { Center, Loader, type ModalProps, Overlay } from '@mantine/core';
import { type ComponentType, useEffect, useState } from 'react';
import { onDemand } from '../lib/on-demand';

/**
 * A dialog whose code is downloaded the first time it opens, not with the page that offers it: the
 * parent portal's forms, confirmations and card dialogs are behind a click, and the page's first
 * download carries none of them (nor the form, date and field libraries they bring). A component
 * with an `opened` prop loads when it is first true; one without it (shown by being rendered)
 * loads when first rendered. While it loads, the page is dimmed under a spinner, where the dialog
 * will open; once loaded it stays, so it opens and closes with its own animation from then on.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const code = onDemand(load);

  function LazyDialog(props: P) {
    const open = 'opened' in props ? props.opened === true : true;
    const [wanted, setWanted] = useState(open);
    const [, setReady] = useState(false);
    const [error, setError] = useState<unknown>(null);
    if (open && !wanted) setWanted(true);
    useEffect(() => {
      if (!wanted || code.current()) return;
      let live = true;
      code.load().then(
        () => live && setReady(true),
        (e: unknown) => live && setError(e),
      );
      return () => {
        live = false;
      };
    }, [wanted]);
    // A failure other than a stale chunk (which reloads the page) goes to the route's error page.
    if (error) throw error;
    const Dialog = code.current();
    if (Dialog) return <Dialog {...props} />;
    return wanted && open ? <DialogLoader /> : null;
  }
  return LazyDialog;
}

/** Where a dialog is about to open: the page dimmed as under a dialog, a spinner in the middle. */
function DialogLoader() {
  return (
    <Overlay fixed zIndex={200} backgroundOpacity={0.35} color="#000">
      <Center h="100%" role="status" aria-label="Loading">
        <Loader color="white" />
      </Center>
    </Overlay>
  );
}

/**
 * Mantine's Modal, downloaded (with its focus trap and scroll area) the first time one opens: for a
 * confirmation written into a card, which the card's first paint does not show.
 */
export const LazyModal = lazyDialog<ModalProps>(() => import('./modal-module').then((m) => m.Modal));
