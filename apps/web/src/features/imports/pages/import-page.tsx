import { Alert, Button, Card, Group, Skeleton, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type AnswerOf, countOf, type importCalls, messages } from '@pirouette/domain';
import { IconArrowLeft, IconArrowRight, IconMailForward } from '@tabler/icons-react';
import { Link } from 'react-router';
import { adminHref, findSection } from '../../../app/paths/admin-sections';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { useImportBatch, useImportSetup } from '../api/imports';
import { BatchView } from '../components/batch-view';
import { FilesStep } from '../components/files-step';
import { PastImports } from '../components/past-imports';
import { OTHER_SOURCE, SourceStep } from '../components/source-step';
import { type ImportWizard, useImportWizard } from '../components/use-import-wizard';
import { WorkProgress } from '../components/work-progress';
import { sizeText } from '../lib/files';
import { KIND_LABELS } from '../lib/words';

export const IMPORT_PATH = 'myStudio/import';
export const INVITATIONS_PATH = 'myStudio/import/invitations';
const PHONE_QUERY = '(max-width: 48em)';
const STEPS = ['Source', 'Files', 'Dry run', 'Import'];

/** The wizard's place: the source, the files, the dry run, the import (done once imported). */
function StepperOf({ w, narrow }: { w: ImportWizard; narrow: boolean }) {
  return w.batchId ? (
    <BatchStepper id={w.batchId} narrow={narrow} />
  ) : (
    <Steps active={w.step === 'source' ? 0 : 1} narrow={narrow} />
  );
}

function BatchStepper({ id, narrow }: { id: string; narrow: boolean }) {
  const status = useImportBatch(id).data?.status;
  return <Steps active={status === 'imported' ? 4 : status === 'importing' ? 3 : 2} narrow={narrow} />;
}

function Steps({ active, narrow }: { active: number; narrow: boolean }) {
  return (
    <Stepper active={active} size="sm" allowNextStepsSelect={false}>
      {STEPS.map((s, i) => (
        <Stepper.Step
          key={s}
          label={narrow ? undefined : s}
          aria-label={`Step ${i + 1} of ${STEPS.length}: ${s}`}
        />
      ))}
    </Stepper>
  );
}

type Setup = AnswerOf<typeof importCalls.setup>;

/** The kept mappings of a source, in words. */
function keptText(setup: Setup, source: string, name: string): string | null {
  const kinds = setup.kept
    .filter((k) => k.source === source.trim().toLowerCase())
    .map((k) => KIND_LABELS[k.kind].toLowerCase());
  if (kinds.length === 0) return null;
  return `The columns you mapped before for ${kinds.join(', ')} files from ${name} are kept: the check applies them.`;
}

/** The source and files steps, before the first check. */
function NewImport({ w, setup }: { w: ImportWizard; setup: Setup }) {
  const presets = setup.presets;
  const preset = presets.find((p) => p.key === w.choice);
  const help = preset?.help ?? '';
  const kept = keptText(setup, w.source, preset?.name ?? w.source);
  const bytes = w.picked.reduce((sum, p) => sum + p.size, 0);
  if (w.step === 'source')
    return (
      <Card p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="lg">
          <SourceStep
            presets={presets}
            choice={w.choice}
            onChoice={w.setChoice}
            otherName={w.otherName}
            onOtherName={w.setOtherName}
            otherError={w.otherError}
          />
          <Group justify="flex-end">
            <Button disabled={!w.choice} onClick={w.toFiles} rightSection={<IconArrowRight size={18} />}>
              Next: the files
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <FilesStep
          files={w.picked}
          onAdd={w.addFiles}
          onRemove={w.removeFile}
          help={
            w.choice === OTHER_SOURCE
              ? `Export each list from ${w.source} as CSV or Excel: families, dancers, classes, enrolments, balances.`
              : help
          }
          disabled={w.checking || w.reading !== null}
        />
        {kept && (
          <Text size="sm" c="dimmed">
            {kept}
          </Text>
        )}
        {w.fileError && (
          <Alert color="red" variant="light">
            {w.fileError}
          </Alert>
        )}
        {w.reading && (
          <WorkProgress
            label="Reading the files"
            done={w.reading}
            detail={`${w.reading.done} of ${countOf(w.reading.total, 'file', 'files')} read`}
          />
        )}
        {w.checking && (
          <WorkProgress
            label="Sending and checking the files"
            done={null}
            detail={`${sizeText(bytes)} in ${countOf(w.picked.length, 'file', 'files')}: every row is read and checked against your studio. A big file takes a few seconds. Nothing is written.`}
          />
        )}
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} />}
            onClick={() => w.setStep('source')}
            disabled={w.checking}
          >
            Back
          </Button>
          <Button
            onClick={w.checkFiles}
            disabled={w.picked.length === 0 || w.reading !== null}
            loading={w.checking}
            rightSection={<IconArrowRight size={18} />}
          >
            Check the files
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          The check is a dry run: it shows what the import would do, and writes nothing.
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * Move in (issue 35): the owner brings the studio's families, dancers, classes, enrolments and balances
 * from another system's export files. Choose the source, add the files, review the dry run (map the
 * columns, see every row's fate), import in one go, then invite the families.
 */
export function ImportPage() {
  const section = findSection(IMPORT_PATH);
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const timeZone = useSession()?.user.timeZone;
  const setup = useImportSetup();
  const w = useImportWizard();
  const header = (
    <PageHeader
      title={section.title}
      description={section.description}
      actions={
        <Button
          component={Link}
          to={adminHref(INVITATIONS_PATH)}
          variant="default"
          leftSection={<IconMailForward size={18} />}
        >
          Invite families
        </Button>
      }
    />
  );
  if (setup.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading the import">
        {header}
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  if (setup.isError)
    return (
      <Stack gap="lg">
        {header}
        <LoadError message={errorText(setup.error, messages.loadFailed)} onRetry={() => setup.refetch()} />
      </Stack>
    );
  return (
    <Stack gap="lg">
      {header}
      <StepperOf w={w} narrow={narrow} />
      {w.batchId ? (
        <>
          {w.checking && (
            <WorkProgress
              label="Checking the files again"
              done={null}
              detail="Every row is read and checked against your studio with your mapping. Nothing is written."
            />
          )}
          <BatchView
            key={w.batchId}
            id={w.batchId}
            fields={setup.data.fields}
            picked={w.picked}
            edits={w.edits}
            onEdit={w.setEdit}
            onCheckAgain={w.checkAgain}
            checking={w.checking}
            onStartOver={w.startOver}
            narrow={narrow}
            timeZone={timeZone}
            links={{ invitations: adminHref(INVITATIONS_PATH), accounts: adminHref('accounts') }}
          />
        </>
      ) : (
        <NewImport w={w} setup={setup.data} />
      )}
      <PastImports hrefOf={(id) => `${adminHref(IMPORT_PATH)}?batch=${id}`} />
    </Stack>
  );
}
