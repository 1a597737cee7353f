import { enqueueEvent, readStoredQueue, retryDelay, settleEvents } from '@pirouette/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/notify';
import { doorScopes } from '../api/door';

/** An event's own id: a random uuid (also where `crypto.randomUUID` is missing, off https). */
export function newEventId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function loadEvents<E>(key: string, isEvent: (x: unknown) => x is E): E[] {
  try {
    return readStoredQueue(JSON.parse(window.localStorage.getItem(key) ?? '[]'), isEvent);
  } catch {
    return [];
  }
}

function storeEvents(key: string, events: readonly unknown[]): void {
  try {
    if (events.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(events));
  } catch {
    // Storage full or refused (private mode): the events still wait in memory for this visit.
  }
}

export type EventQueue<E> = {
  waiting: readonly E[];
  count: number;
  sending: boolean;
  online: boolean;
  refused: string;
  add: (event: E) => Promise<void>;
  flush: () => Promise<void>;
};

/**
 * A phone's events not yet confirmed, for the door and backstage (decision 075, as the roll's, decision
 * 063): each kept in local storage first, then sent when online — at once, when the connection returns,
 * and again with a growing delay while something waits. Only the events an answer names leave; a failed
 * send keeps everything. `send` answers the ids the server took (written, sent before, or refused).
 */
export function useEventQueue<E extends { id: string }>(
  key: string,
  isEvent: (x: unknown) => x is E,
  send: (batch: E[]) => Promise<string[]>,
): EventQueue<E> {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<E[]>(() => loadEvents(key, isEvent));
  const queueRef = useRef(queue);
  const sendingRef = useRef(false);
  const [sending, setSending] = useState(false);
  const [failures, setFailures] = useState(0);
  const [refused, setRefused] = useState('');
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));

  const update = useCallback(
    (next: E[]) => {
      queueRef.current = next;
      storeEvents(key, next);
      setQueue(next);
    },
    [key],
  );

  const flush = useCallback(async () => {
    const batch = queueRef.current.slice(0, 200);
    if (sendingRef.current || batch.length === 0) return;
    sendingRef.current = true;
    setSending(true);
    try {
      const done = await send(batch);
      update(settleEvents(queueRef.current, done));
      setFailures(0);
      setRefused('');
      await Promise.all(doorScopes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.status < 500) setRefused(errorText(error));
      else setOnline(typeof navigator === 'undefined' ? false : navigator.onLine);
      setFailures((n) => n + 1);
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  }, [send, update, queryClient]);

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
    if (queue.length === 0 || sending || !online) return;
    const timer = window.setTimeout(() => void flush(), failures === 0 ? 300 : retryDelay(failures));
    return () => window.clearTimeout(timer);
  }, [queue, sending, failures, online, flush]);

  const add = useCallback(
    async (event: E) => {
      update(enqueueEvent(queueRef.current, event));
      setFailures(0);
      if (online) await flush();
    },
    [update, online, flush],
  );

  return useMemo(
    () => ({ waiting: queue, count: queue.length, sending, online, refused, add, flush }),
    [queue, sending, online, refused, add, flush],
  );
}
