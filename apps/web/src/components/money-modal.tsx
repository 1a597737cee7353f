import { Alert, Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { dialogStyles } from './config-dialog';

/** A money dialog: a heading title, centred; a long form takes the whole screen of a phone. */
export function MoneyModal({
  title,
  onClose,
  children,
  size = 'md',
  long = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: ModalProps['size'];
  long?: boolean;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size={size}
      radius="lg"
      centered
      styles={dialogStyles}
      fullScreen={long && phone}
    >
      {children}
    </Modal>
  );
}

/** The server's refusal, or the spec's sentence for what is missing, above the buttons. */
export function Refusal({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={18} />}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}
