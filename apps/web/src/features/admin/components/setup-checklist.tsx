import {
  Anchor,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  MARKABLE_SETUP_STEPS,
  type MarkableSetupStep,
  SETUP_STEP_TEXTS,
  type SetupStep,
  type SetupStepKey,
  type StudioSetup,
} from '@pirouette/domain';
import { IconArrowRight, IconCheck, IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminHref } from '../../../app/paths/admin-sections';
import { notifyError } from '../../../lib/notify';
import { useMarkSetupStep } from '../api/studio-setup';
import { CopyParentLinkButton } from './copy-parent-link';

/** The page that does each step, and what its link says. */
const STEP_PAGES: Record<Exclude<SetupStepKey, 'parentLink'>, { path: string; label: string }> = {
  locations: { path: 'myStudio/locations', label: 'Locations' },
  yearTerm: { path: 'myStudio/dance-year', label: 'Dance Year' },
  teachers: { path: 'staff', label: 'Teachers' },
  classPrices: { path: 'myStudio/dance-year', label: 'Prices' },
  privatePrices: { path: 'myStudio/dance-year', label: 'Prices' },
  registrationFee: { path: 'myStudio/settings?tab=tuition', label: 'Fees' },
  classes: { path: 'schedule/class', label: 'Classes' },
  terms: { path: 'myStudio/document', label: 'Documents' },
  getPaid: { path: 'myStudio/get-paid', label: 'Get paid' },
};

type Props = { setup: StudioSetup; studioName: string; companyId: string };

/** What the owner says to tick a step the studio's data cannot show done, beside its page's link. */
const KEEP_LABELS: Partial<Record<MarkableSetupStep, string>> = {
  registrationFee: 'Keep $35.00',
  terms: 'They are fine as they are',
};
const isMarkable = (key: SetupStepKey): key is MarkableSetupStep =>
  (MARKABLE_SETUP_STEPS as readonly string[]).includes(key);

function StepAction({ step, companyId }: { step: SetupStep; companyId: string }) {
  const mark = useMarkSetupStep();
  if (step.key === 'parentLink') {
    return (
      <Group>
        <CopyParentLinkButton companyId={companyId} size="xs" variant={step.done ? 'subtle' : 'light'} />
      </Group>
    );
  }
  const page = STEP_PAGES[step.key];
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component={Link}
        to={adminHref(page.path)}
        size="xs"
        variant={step.done ? 'subtle' : 'light'}
        rightSection={<IconArrowRight size={14} />}
        aria-label={`${SETUP_STEP_TEXTS[step.key].title}: open ${page.label}`}
      >
        {page.label}
      </Button>
      {isMarkable(step.key) && KEEP_LABELS[step.key] && !step.done && (
        <Button
          size="xs"
          variant="default"
          loading={mark.isPending}
          onClick={() =>
            isMarkable(step.key) &&
            mark.mutate({ params: { step: step.key } }, { onError: (error) => notifyError(error) })
          }
        >
          {KEEP_LABELS[step.key]}
        </Button>
      )}
    </Group>
  );
}

function StepRow({ step, index, companyId }: { step: SetupStep; index: number; companyId: string }) {
  const { title, text } = SETUP_STEP_TEXTS[step.key];
  return (
    <Group
      component="li"
      gap="md"
      wrap="nowrap"
      align="flex-start"
      py="sm"
      data-testid="setup-step"
      data-step={step.key}
      data-done={step.done}
      style={{ borderTop: index > 0 ? '1px solid var(--mantine-color-gray-2)' : undefined }}
    >
      <ThemeIcon
        size={28}
        radius="xl"
        variant={step.done ? 'filled' : 'light'}
        color={step.done ? 'teal' : 'gray'}
        aria-label={step.done ? 'Done' : 'To do'}
        role="img"
      >
        {step.done ? (
          <IconCheck size={16} stroke={2.5} />
        ) : (
          <Text size="xs" fw={700}>
            {index + 1}
          </Text>
        )}
      </ThemeIcon>
      <Stack gap={6} miw={0} style={{ flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} c={step.done ? 'dimmed' : undefined}>
            {title}
          </Text>
          {step.optional && (
            <Badge size="xs" variant="light" color="gray">
              Optional
            </Badge>
          )}
        </Group>
        {!step.done && (
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        )}
        <StepAction step={step} companyId={companyId} />
      </Stack>
    </Group>
  );
}

/**
 * The setup checklist of the owner's dashboard: every step a new studio takes before families can
 * register, ticked as the studio's data shows it done, each linking to the page that does it. Once
 * every required step is done it folds away to one line.
 */
export function SetupChecklist({ setup, studioName, companyId }: Props) {
  const [open, setOpen] = useState(false);
  const percent = Math.round((setup.nDone / setup.nSteps) * 100);
  const steps = (
    <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Setup steps">
      {setup.steps.map((step, i) => (
        <StepRow key={step.key} step={step} index={i} companyId={companyId} />
      ))}
    </Stack>
  );

  if (setup.complete) {
    return (
      <Card p="lg" data-testid="setup-checklist" data-complete="true">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={36} radius="xl" color="teal">
              <IconCheck size={20} />
            </ThemeIcon>
            <Text fw={600}>{studioName} is set up: families can register.</Text>
          </Group>
          <Anchor component="button" type="button" size="sm" onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide the setup steps' : 'Show the setup steps'}
          </Anchor>
        </Group>
        <Collapse in={open}>
          <Stack mt="md">{steps}</Stack>
        </Collapse>
      </Card>
    );
  }

  return (
    <Card p="lg" data-testid="setup-checklist" data-complete="false">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="md" variant="light">
            <IconChecklist size={24} />
          </ThemeIcon>
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Title order={3} fz="lg">
              Set up {studioName}
            </Title>
            <Text size="sm" c="dimmed">
              A few steps before families can register. Each is ticked as soon as it is done.
            </Text>
          </Stack>
        </Group>
        <Stack gap={6}>
          <Text size="sm" fw={600} data-testid="setup-progress">
            {setup.nDone} of {setup.nSteps} steps done
          </Text>
          <Progress value={percent} size="md" radius="xl" aria-label="Setup progress" />
        </Stack>
        {steps}
      </Stack>
    </Card>
  );
}
