import { useState } from 'react';
import { errorText } from '../../lib/notify';

/**
 * A dialog's submit: whether it is under way, and the server's message when it failed (shown in the
 * dialog, which stays open); `onDone` runs after a success.
 */
export function useSubmission(onDone: () => void) {
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setSubmitting(true);
    setFailure(null);
    try {
      await work();
      onDone();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, failure, run };
}

/**
 * How many times a dialog has opened: a form keyed by it starts afresh at every opening, so nothing of
 * the last edit lingers, while what it shows stays as the dialog animates closed.
 */
export function useOpenings(opened: boolean): number {
  const [openings, setOpenings] = useState(opened ? 1 : 0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpenings((n) => n + 1);
  }
  return openings;
}
