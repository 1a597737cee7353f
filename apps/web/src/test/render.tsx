import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ERROR_REASON_HEADER } from '@pirouette/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createTestRouter } from '../app/router';
import { theme } from '../app/theme';
import { createQueryClient } from '../lib/query-client';
import { checkFakeAnswer, type FakeAnswer } from './fake-api';

/** A component with the app's providers around it, at `path`. */
export function renderWithProviders(ui: ReactElement, path = '/') {
  const client = createQueryClient();
  const result = render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, client };
}

/** The whole app at `path`, with its real routes. */
export function renderApp(path: string) {
  const client = createQueryClient();
  const router = createTestRouter([path]);
  const result = render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, client, router };
}

type Handler = (url: string, init?: RequestInit) => FakeAnswer | undefined;

/**
 * Answers fetch calls from a table of routes; anything unanswered is a 404 envelope. Every success it
 * fakes is checked against the declared call's answer schema (fake-api.ts).
 */
export function mockApi(handler: Handler) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    const [status, body, reason] = handler(url, init) ?? [404, [false, 'This page could not be found']];
    checkFakeAnswer(init?.method ?? 'GET', url, status, body);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (reason) headers[ERROR_REASON_HEADER] = reason;
    return new Response(JSON.stringify(body), { status, headers });
  });
  return { spy, calls };
}
