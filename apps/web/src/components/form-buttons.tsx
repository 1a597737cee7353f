import { Button, Group, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = Omit<GroupProps, 'children'> & {
  /** The submit button's words: "Save", "Add teacher"… */
  label: ReactNode;
  /** While the form is sent: the submit button spins and Cancel waits. */
  loading: boolean;
  onCancel: () => void;
  submitDisabled?: boolean;
};

/** The end of a dialog's form: Cancel, and the submit button, to the right. */
export function FormButtons({ label, loading, onCancel, submitDisabled, ...group }: Props) {
  return (
    <Group justify="flex-end" {...group}>
      <Button variant="default" onClick={onCancel} disabled={loading}>
        Cancel
      </Button>
      <Button type="submit" loading={loading} disabled={submitDisabled}>
        {label}
      </Button>
    </Group>
  );
}
