import {
  enqueueTap,
  type MarkStatus,
  type QueuedTap,
  retryDelay,
  settleTaps,
  waitingMarks,
} from '@pirouette/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/notify';
import { rollScopes, sendMarks } from '../api/roll';
import { loadTaps, newClientId, storeTaps } from './queue-store';

export type RollQueue = {
  /** The status of each dancer with a tap not confirmed yet. */
  waiting: Map<string, MarkStatus>;
  count: number;
  sending: boolean;
  online: boolean;
  /** Taps the server confirmed during this visit. */
  savedCount: number;
  /** The last refusal's sentence (the server said no: retrying will not help), or ''. */
  refused: string;
  /** Why some taps were dropped (the server refused them: their dancer is not on this roll), or ''. */
  dropped: string;
  tap: (stdID: string, status: MarkStatus) => void;
  tapMany: (stdIDs: readonly string[], status: MarkStatus) => void;
  flush: () => void;
  discard: () => void;
};

/**
 * A meeting's taps (decision 063): each is kept on the phone first, then sent with the meeting's PUT when
 * the phone is online: at once, when the connection returns, and again with a growing delay while
 * something waits. Only what an answer lists as saved, ignored or refused leaves the queue (a refused tap
 * is dropped with a short notice, so one dancer taken off the roll never blocks the others' taps).
 */
export function useRollQueue(classId: string, date: string, enabled: boolean): RollQueue {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<QueuedTap[]>(() => loadTaps(classId, date));
  const queueRef = useRef(queue);
  const sendingRef = useRef(false);
  const [sending, setSending] = useState(false);
  const [failures, setFailures] = useState(0);
  const [savedCount, setSavedCount] = useState(0);
  const [refused, setRefused] = useState('');
  const [dropped, setDropped] = useState('');
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));

  const update = useCallback(
    (next: QueuedTap[]) => {
      queueRef.current = next;
      storeTaps(classId, date, next);
      setQueue(next);
    },
    [classId, date],
  );

  useEffect(() => {
    const stored = loadTaps(classId, date);
    queueRef.current = stored;
    setQueue(stored);
  }, [classId, date]);

  const flush = useCallback(async () => {
    const batch = queueRef.current;
    if (!enabled || sendingRef.current || batch.length === 0) return;
    sendingRef.current = true;
    setSending(true);
    try {
      const answer = await sendMarks(classId, date, {
        marks: batch.map(({ clientId, stdID, status, at }) => ({ clientId, stdID, status, at })),
      });
      update(settleTaps(queueRef.current, answer));
      setSavedCount((n) => n + answer.saved.length);
      setFailures(0);
      setRefused('');
      // Taps the server refused (their dancer left the roll) are dropped: sending them again never helps.
      if (answer.refused.length > 0) {
        const n = answer.refused.length;
        setDropped(`${n} ${n === 1 ? 'mark was' : 'marks were'} not kept. ${answer.msg}`);
      }
      await Promise.all(rollScopes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } catch (error) {
      // Unreachable or a server error: try again later. A refusal (4xx) is shown; the taps still wait.
      if (isApiError(error) && error.status >= 400 && error.status < 500) setRefused(errorText(error));
      setFailures((n) => n + 1);
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  }, [classId, date, enabled, queryClient, update]);

  // Again when the connection returns, and after a growing delay while taps wait.
  useEffect(() => {
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [flush]);
  useEffect(() => {
    if (queue.length === 0 || sending || !enabled) return;
    const timer = window.setTimeout(() => void flush(), failures === 0 ? 300 : retryDelay(failures));
    return () => window.clearTimeout(timer);
  }, [queue, sending, failures, enabled, flush]);

  const tapMany = useCallback(
    (stdIDs: readonly string[], status: MarkStatus) => {
      const at = new Date().toISOString();
      let next = queueRef.current;
      for (const stdID of stdIDs) next = enqueueTap(next, { clientId: newClientId(), stdID, status, at });
      update(next);
      setFailures(0);
    },
    [update],
  );
  const tap = useCallback((stdID: string, status: MarkStatus) => tapMany([stdID], status), [tapMany]);

  return useMemo(
    () => ({
      waiting: waitingMarks(queue),
      count: queue.length,
      sending,
      online,
      savedCount,
      refused,
      dropped,
      tap,
      tapMany,
      flush: () => void flush(),
      discard: () => {
        update([]);
        setRefused('');
      },
    }),
    [queue, sending, online, savedCount, refused, dropped, tap, tapMany, flush, update],
  );
}
