import { type Call, type CallInput, urlOf } from '@pirouette/domain';
import { ApiError, unwrap } from './api-client';

/** The name a `Content-Disposition: attachment; filename="…"` gives, or the fallback. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/** The kinds of file a call answers: the accountant's CSV (decision 052), an archive (decision 057). */
type FileType = 'text/csv' | 'application/zip';
const SAVED_AS: Record<FileType, { blob: string; fallback: string }> = {
  'text/csv': { blob: 'text/csv;charset=utf-8', fallback: 'download.csv' },
  'application/zip': { blob: 'application/zip', fallback: 'download.zip' },
};

/**
 * Fetches a declared call that answers a file (the accountant's CSV, decision 052; a ZIP archive,
 * decision 057) and hands it to the browser to save under the server's name: a Blob behind a temporary
 * link clicked once. A refusal is the usual `[false, message]` and throws an ApiError with its sentence,
 * like any call. Answers the name.
 */
export async function downloadFile<C extends Call>(
  call: C,
  input: CallInput<C>,
  type: FileType = 'text/csv',
): Promise<string> {
  const given = input as { params?: unknown; query?: unknown };
  let response: Response;
  try {
    response = await fetch(urlOf(call, given), {
      credentials: 'same-origin',
      headers: { Accept: type },
    });
  } catch {
    throw new ApiError(
      0,
      'The file could not be downloaded: check the connection and try again.',
      'Network error',
    );
  }
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith(type)) {
    await unwrap(response);
    throw new ApiError(response.status, 'The file could not be downloaded.');
  }
  const filename = filenameOf(response.headers.get('content-disposition'), SAVED_AS[type].fallback);
  const blob = await response.blob();
  const url = URL.createObjectURL(new Blob([blob], { type: SAVED_AS[type].blob }));
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
