import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { countOf, type ImportBatch, type ImportKind } from '@pirouette/domain';
import { IconAlertTriangle, IconDatabaseImport, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useImportBatch, useRunImport } from '../api/imports';
import type { PickedFile } from '../lib/files';
import type { Field, FileEdit } from '../lib/mapping';
import { sumOf } from '../lib/words';
import { BalancesFigures } from './balances-figures';
import { ConfirmImportDialog } from './confirm-import-dialog';
import { FilesReview } from './files-review';
import { ImportResult } from './import-result';
import { RowsCard } from './rows-card';
import { TotalsGrid } from './totals-grid';
import { WorkProgress } from './work-progress';

type Props = {
  id: string;
  fields: Partial<Record<ImportKind, readonly Field[]>>;
  picked: readonly PickedFile[];
  edits: Record<string, FileEdit>;
  onEdit: (name: string, edit: FileEdit) => void;
  onCheckAgain: (batch: ImportBatch) => void;
  checking: boolean;
  onStartOver: () => void;
  narrow: boolean;
  timeZone?: string;
  links: { invitations: string; accounts: string };
};

const number = (n: number) => n.toLocaleString('en-US');

/** The run's progress, read while its request is pending. */
function RunProgress({ batch }: { batch: ImportBatch | undefined }) {
  const progress = batch?.progress ?? null;
  return (
    <WorkProgress
      label="Importing"
      done={progress}
      detail={
        progress
          ? `${number(progress.done)} of ${number(progress.total)} rows written. Nothing is kept until the last one is: if a row fails, nothing at all is written.`
          : 'Starting: every row is checked again before it is written.'
      }
    />
  );
}

/** Why the import cannot run yet, when it cannot. */
function notReadyText(batch: ImportBatch): string | null {
  if (batch.ready) return null;
  if (batch.files.some((f) => f.problem !== null || f.missing.length > 0))
    return 'A file cannot be read as it is: map its columns or fix it, then check again.';
  return 'Nothing to import: every row is refused, skipped or already here.';
}

/** The dry run of a checked import: nothing written yet; its files, totals, balances and rows. */
function DryRun(props: Props & { batch: ImportBatch; onImport: () => void }) {
  const { batch } = props;
  const notReady = notReadyText(batch);
  const refused = sumOf(batch.totals, 'refused');
  return (
    <Stack gap="lg">
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle />}
        title="A dry run: nothing has been written yet"
      >
        This is what the import would do. Review it, fix a file or the columns and check again as often as you
        like; nothing changes in your studio until you press Import.
      </Alert>
      {batch.status === 'failed' && batch.failure && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          title="The import failed: nothing was written"
        >
          {batch.failure}
        </Alert>
      )}
      {batch.status === 'replaced' && (
        <Alert color="gray" variant="light" title="Checked again since">
          This dry run was replaced by a newer check of the same files. Open the newest one in the past
          imports.
        </Alert>
      )}
      <FilesReview
        files={batch.files}
        fields={props.fields}
        picked={props.picked}
        edits={props.edits}
        onEdit={props.onEdit}
        sourceName={batch.sourceName}
        onCheckAgain={() => props.onCheckAgain(batch)}
        checking={props.checking}
      />
      <SectionCard
        title="What the import would do"
        description="Each kind of record, by what becomes of its rows."
      >
        <TotalsGrid totals={batch.totals} />
      </SectionCard>
      <SectionCard
        title="Opening balances"
        description={`What families owe or are owed in ${batch.sourceName}.`}
      >
        <BalancesFigures balances={batch.balances} sourceName={batch.sourceName} asOf={batch.asOf} />
      </SectionCard>
      <RowsCard batchId={batch.id} totals={batch.totals} narrow={props.narrow} />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text
            size="sm"
            c={notReady && batch.status === 'checked' ? 'red.8' : 'dimmed'}
            style={{ flex: '1 1 260px' }}
          >
            {batch.status !== 'checked'
              ? 'Start a new import to add the files again.'
              : (notReady ??
                (refused > 0
                  ? `Ready. The ${countOf(refused, 'refused row is', 'refused rows are')} left out.`
                  : 'Ready: nothing is written until you import.'))}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={props.onStartOver}>
              Start over
            </Button>
            {batch.status === 'checked' && (
              <Button
                leftSection={<IconDatabaseImport size={18} />}
                disabled={notReady !== null}
                onClick={props.onImport}
              >
                Import
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}

/**
 * One import, whatever its state: the dry run to review and run, its progress while it runs (read again
 * every half second while the run's request is pending), or what it wrote and the next step.
 */
export function BatchView(props: Props) {
  const run = useRunImport();
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const read = useImportBatch(props.id, running);

  if (read.isPending) return <Skeleton h={320} radius="lg" aria-label="Loading the import" />;
  if (read.isError) return <SectionLoadError error={read.error} onRetry={() => read.refetch()} />;
  const current = read.data;

  if (running || current.status === 'importing') return <RunProgress batch={current} />;
  if (current.status === 'imported')
    return (
      <ImportResult
        batch={current}
        timeZone={props.timeZone}
        invitationsHref={props.links.invitations}
        accountsHref={props.links.accounts}
        onStartOver={props.onStartOver}
      />
    );

  const start = () => {
    setConfirming(false);
    setRunning(true);
    run.mutate(
      { params: { id: props.id } },
      {
        onSuccess: (answer) => notifySuccess(answer.msg),
        onError: (error) => notifyError(error),
        onSettled: async () => {
          await read.refetch();
          setRunning(false);
        },
      },
    );
  };

  return (
    <>
      <DryRun {...props} batch={current} onImport={() => setConfirming(true)} />
      <ConfirmImportDialog
        batch={confirming ? current : null}
        busy={run.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={start}
      />
    </>
  );
}
