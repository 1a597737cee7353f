import { type ImportKind, importCalls, type RowFate } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** What an import's calls change: the batches (list, one, rows) and the parents to invite. */
const touchedByImport = [scopeOf(importCalls.list), scopeOf(importCalls.parents)];

/** What an import can fill, the presets of known systems, the studio's kept mappings. */
export const useImportSetup = () => useCall(importCalls.setup);

/** The studio's imports, newest first. */
export const useImports = () => useCall(importCalls.list);

/**
 * One import. Read again every `POLL_MS` for its progress while `running` (its run's request is
 * pending) or while the server says it is importing (the page opened again during a run).
 */
export const useImportBatch = (id: string, running = false) =>
  useQuery({
    ...callQuery(importCalls.read, { params: { id } }),
    refetchInterval: (query) => (running || query.state.data?.status === 'importing' ? POLL_MS : false),
  });
export const POLL_MS = 500;

/** A page of a dry run's rows, 100 a page, filtered by fate and kind. */
export const useImportRows = (id: string, filter: { fate?: RowFate; kind?: ImportKind }, page: number) =>
  useQuery({
    ...callQuery(importCalls.rows, {
      params: { id },
      query: {
        page,
        ...(filter.fate ? { fate: filter.fate } : {}),
        ...(filter.kind ? { kind: filter.kind } : {}),
      },
    }),
    placeholderData: keepPreviousData,
  });
export const ROWS_PAGE_SIZE = 100;

/** The dry run: sends the files, answers the batch. */
export const useCheckImport = () =>
  useCallMutation(importCalls.check, { invalidates: [scopeOf(importCalls.list)] });

/** Imports a checked batch. */
export const useRunImport = () => useCallMutation(importCalls.run, { invalidates: touchedByImport });

/** A page of the parents imports brought; `waiting` only those not yet invited. */
export const useImportedParents = (page: number, waiting: boolean) =>
  useQuery({
    ...callQuery(importCalls.parents, { query: { page, ...(waiting ? { invited: '0' as const } : {}) } }),
    placeholderData: keepPreviousData,
  });
export const PARENTS_PAGE_SIZE = 50;

export const useSendInvitations = () =>
  useCallMutation(importCalls.invite, { invalidates: [scopeOf(importCalls.parents)] });
