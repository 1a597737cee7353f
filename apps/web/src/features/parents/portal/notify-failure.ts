import { notifications } from '@mantine/notifications';
import { accountMessages } from '@pirouette/domain';
import { errorText } from '../../../lib/notify';

/** 001 §8: a failed add, edit or delete of a student, user or contact, with what the server said. */
export function notifyPersonFailed(error: unknown) {
  notifications.show({ color: 'red', title: accountMessages.personFailed, message: errorText(error) });
}
