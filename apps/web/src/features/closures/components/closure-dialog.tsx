import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CLOSURE_LIMITS, closureSpanProblem, isDateOnly } from '@pirouette/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { dialogStyles } from '../../../components/dialog-styles';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useAddClosure, useClosurePreview } from '../api/closures';

/** The value of the class select that means every class. */
const ALL = 'all';

export type ClassOption = { value: string; label: string };

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The studio's classes to choose from (those meeting in the month shown). */
  classes: ClassOption[];
  /** The first day proposed. */
  day: string;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the closure would do, as the preview answers it. */
function PreviewLine({
  query,
  valid,
}: {
  query: { clSchID?: string; dateFrom: string; dateTo: string };
  valid: boolean;
}) {
  const preview = useClosurePreview(query, valid);
  if (!valid) return null;
  if (preview.isPending)
    return (
      <Text size="sm" c="dimmed">
        Counting the meetings…
      </Text>
    );
  if (preview.isError) return <Alert color="red">{errorText(preview.error)}</Alert>;
  const p = preview.data;
  if (p.problem) return <Alert color="orange">{p.problem}</Alert>;
  return (
    <Alert color="violet" icon={<IconInfoCircle size={18} />} aria-live="polite">
      This cancels {plural(p.nMeetings, 'class meeting', 'class meetings')} of{' '}
      {plural(p.nDancers, 'dancer', 'dancers')}; {plural(p.nFamilies, 'family is', 'families are')} told by
      e-mail, once.
    </Alert>
  );
}

/** The owner adds a closure: which classes, which days, why, and what comes with it. */
export function ClosureDialog({ opened, onClose, classes, day }: Props) {
  const [clSchID, setClass] = useState<string>(ALL);
  const [dateFrom, setFrom] = useState(day);
  const [dateTo, setTo] = useState(day);
  const [reason, setReason] = useState('');
  const [givesMakeups, setMakeups] = useState<boolean | null>(null);
  const [creditsTuition, setTuition] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = useAddClosure();

  useEffect(() => {
    if (!opened) return;
    setClass(ALL);
    setFrom(day);
    setTo(day);
    setReason('');
    setMakeups(null);
    setTuition(false);
    setError(null);
  }, [opened, day]);

  const [span] = useDebouncedValue({ dateFrom, dateTo, clSchID }, 250);
  const datesValid = isDateOnly(span.dateFrom) && isDateOnly(span.dateTo);
  const spanProblem = datesValid ? closureSpanProblem(span.dateFrom, span.dateTo) : null;
  const query = {
    dateFrom: span.dateFrom,
    dateTo: span.dateTo,
    ...(span.clSchID === ALL ? {} : { clSchID: span.clSchID }),
  };
  const preview = useClosurePreview(query, opened && datesValid && !spanProblem);
  const makeups = givesMakeups ?? preview.data?.makeupsByDefault ?? false;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    add.mutate(
      {
        body: {
          clSchID: clSchID === ALL ? null : clSchID,
          dateFrom,
          dateTo,
          reason,
          givesMakeups: makeups,
          creditsTuition,
        },
      },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          onClose();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Add a closure"
      styles={dialogStyles}
      radius="lg"
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label="Classes"
            data={[{ value: ALL, label: 'All classes' }, ...classes]}
            value={clSchID}
            onChange={(v) => setClass(v ?? ALL)}
            allowDeselect={false}
            searchable
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              type="date"
              label="First day"
              value={dateFrom}
              onChange={(e) => setFrom(e.currentTarget.value)}
              required
            />
            <TextInput
              type="date"
              label="Last day"
              value={dateTo}
              onChange={(e) => setTo(e.currentTarget.value)}
              required
              error={spanProblem}
            />
          </SimpleGrid>
          <TextInput
            label="Reason"
            placeholder="Thanksgiving"
            description="Told to the families, and shown in their calendar."
            value={reason}
            maxLength={CLOSURE_LIMITS.reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            data-autofocus
          />
          <Switch
            label="Give make-up credits"
            description="Each dancer expected at a cancelled class gets a make-up credit to book another class."
            checked={makeups}
            onChange={(e) => setMakeups(e.currentTarget.checked)}
          />
          <Switch
            label="Credit tuition"
            description="Each family gets a credit on its account for the cancelled classes’ share of the month’s tuition. Removing the closure later takes it back."
            checked={creditsTuition}
            onChange={(e) => setTuition(e.currentTarget.checked)}
          />
          <PreviewLine query={query} valid={opened && datesValid && !spanProblem} />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending} disabled={!!preview.data?.problem || !!spanProblem}>
              Close these classes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
