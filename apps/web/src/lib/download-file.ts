import { type Call, type CallInput, urlOf } from '@pirouette/domain';
import { ApiError, unwrap } from './api-client';

/** The name a `Content-Disposition: attachment; filename="…"` gives, or the fallback. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/**
 * Fetches a declared call that answers a file (the accountant's CSV, decision 052) and hands it to the
 * browser to save under the server's name: a Blob behind a temporary link clicked once. A refusal is the
 * usual `[false, message]` and throws an ApiError with its sentence, like any call. Answers the name.
 */
export async function downloadFile<C extends Call>(call: C, input: CallInput<C>): Promise<string> {
  const given = input as { params?: unknown; query?: unknown };
  let response: Response;
  try {
    response = await fetch(urlOf(call, given), {
      credentials: 'same-origin',
      headers: { Accept: 'text/csv' },
    });
  } catch {
    throw new ApiError(
      0,
      'The file could not be downloaded: check the connection and try again.',
      'Network error',
    );
  }
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/csv')) {
    await unwrap(response);
    throw new ApiError(response.status, 'The file could not be downloaded.');
  }
  const filename = filenameOf(response.headers.get('content-disposition'), 'download.csv');
  const blob = await response.blob();
  const url = URL.createObjectURL(new Blob([blob], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return filename;
}
