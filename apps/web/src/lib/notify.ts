import { notifications } from '@mantine/notifications';
import { messages } from '@pirouette/domain';
import { isApiError } from './api-client';

export function notifySuccess(message: string, title?: string) {
  notifications.show({ color: 'teal', title, message });
}

export function notifyError(error: unknown, fallback: string = messages.unexpected) {
  const message = isApiError(error) ? error.message : fallback;
  const title = isApiError(error) && error.title ? error.title : undefined;
  notifications.show({ color: 'red', title, message });
}

/**
 * The callbacks of a mutation whose answer carries the text to show (`{ msg }`): success shows it and calls
 * `onDone` (a dialog closes), failure shows the error. Either way the person reads what happened.
 */
export function notifyResult(onDone?: () => void) {
  return {
    onSuccess: (result: { msg: string }) => {
      notifySuccess(result.msg);
      onDone?.();
    },
    onError: (error: unknown) => notifyError(error),
  };
}

/** The text to show for a failed call inside a form or a page. */
export function errorText(error: unknown, fallback: string = messages.unexpected): string {
  return isApiError(error) ? error.message : fallback;
}
