import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';

type Props = Omit<ButtonProps, 'onClick' | 'loading'> & {
  /** Fetches and saves the file; answers its name. Not called while `problem` says what is wrong. */
  download: () => Promise<string>;
  /** What must be fixed first, shown by the form; the button then only asks for it. */
  blocked?: boolean;
  onBlocked?: () => void;
  label: string;
};

/** A button that downloads one of the accountant's files, with its progress and the server's sentence on a refusal. */
export function DownloadButton({ download, blocked, onBlocked, label, ...button }: Props) {
  const [busy, setBusy] = useState(false);
  const click = async () => {
    if (blocked) {
      onBlocked?.();
      return;
    }
    setBusy(true);
    try {
      const name = await download();
      notifySuccess(`${name} is downloading.`);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      onClick={click}
      {...button}
    >
      {label}
    </Button>
  );
}
