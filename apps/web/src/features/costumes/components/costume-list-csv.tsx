import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { downloadCsv } from '../../money-pages/lib/csv-download';
import { useBalancesCsv, useDepositsCsv } from '../api/lists';
import { type CostumeListKind, type CostumeListState, exportQuery } from '../lib/lists';

/**
 * The list under its filters, every page, as a CSV file: the server makes the file, the browser saves it
 * under the server's name (the studio's today in it).
 */
export function CostumeListCsv({ kind, state }: { kind: CostumeListKind; state: CostumeListState }) {
  const deposits = useDepositsCsv();
  const balances = useBalancesCsv();
  const pending = deposits.isPending || balances.isPending;
  const saved = {
    onSuccess: ({ filename, csv }: { filename: string; csv: string }) => {
      downloadCsv(filename, csv);
      notifySuccess(`${filename} is downloading.`);
    },
    onError: (error: unknown) => notifyError(error),
  };
  const download = () =>
    kind === 'deposits'
      ? deposits.mutate({ query: exportQuery('deposits', state) }, saved)
      : balances.mutate({ query: exportQuery('balances', state) }, saved);
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} />}
      onClick={download}
      loading={pending}
      fullWidth
    >
      Download CSV
    </Button>
  );
}
