import { Button, type ButtonProps } from '@mantine/core';
import type { exportCalls } from '@pirouette/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download-file';
import { notifyError, notifySuccess } from '../../../lib/notify';

type Props = Omit<ButtonProps, 'onClick' | 'loading'> & {
  /** The export the button downloads: a declared call without input that answers a ZIP (decision 057). */
  call: (typeof exportCalls)[keyof typeof exportCalls];
  label: string;
};

/**
 * Downloads an export (a ZIP) with the session's cookie, as the browser saves any file: busy while the
 * server writes it, then "<name> is downloading.", or the server's sentence on a refusal.
 */
export function ArchiveButton({ call, label, ...button }: Props) {
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      const name = await downloadFile(call, {}, 'application/zip');
      notifySuccess(`${name} is downloading.`);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      leftSection={<IconDownload size={16} />}
      loading={busy}
      onClick={click}
      w="fit-content"
      {...button}
    >
      {label}
    </Button>
  );
}
