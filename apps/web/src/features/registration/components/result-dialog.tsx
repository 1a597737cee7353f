import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

type Props = {
  opened: boolean;
  kind: 'success' | 'danger' | 'info';
  title: string;
  children?: ReactNode;
  onClose?: () => void;
};

const ICON = { success: IconCircleCheck, danger: IconAlertTriangle, info: IconMail } as const;
const COLOR = { success: 'teal', danger: 'red', info: 'plum' } as const;

/** The dialog a verification or password flow ends in, with a Login button (000 §2). */
export function ResultDialog({ opened, kind, title, children, onClose }: Props) {
  const navigate = useNavigate();
  const Icon = ICON[kind];
  return (
    <Modal
      opened={opened}
      onClose={onClose ?? (() => navigate('/login'))}
      withCloseButton={false}
      centered
      radius="lg"
      padding="xl"
    >
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={64} radius="xl" variant="light" color={COLOR[kind]}>
          <Icon size={34} />
        </ThemeIcon>
        <Text fw={700} fz="lg" role="heading" aria-level={2}>
          {title}
        </Text>
        {children && <Text c="dimmed">{children}</Text>}
        <Button fullWidth mt="sm" onClick={() => navigate('/login')}>
          Login
        </Button>
      </Stack>
    </Modal>
  );
}
