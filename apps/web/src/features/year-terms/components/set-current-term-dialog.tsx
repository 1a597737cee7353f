import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { currentTermChangeText, type YearTerm } from '@pirouette/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { dialogStyles } from '../../../components/config-dialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetCurrentYearTerm, useYearTermCounts } from '../api/year-terms';

type Term = Pick<YearTerm, 'id' | 'name'>;

type Props = {
  /** The term the owner picked. */
  term: Term;
  /** The session's: the studio's name and its current term as the owner sees it. */
  studio: string;
  current: Term | null;
  onClose: () => void;
};

/**
 * Asks before another term becomes the studio's current one, saying what changes for everyone: the
 * schedule, the list of accounts and the parent portal follow the current term. Cancel changes nothing;
 * confirming names the term the owner saw as current, so a change made meanwhile is not undone unseen.
 */
export function SetCurrentTermDialog({ term, studio, current: currentNow, onClose }: Props) {
  // The term current when the dialog opened is the one the owner decides against, even when the
  // session is fetched again meanwhile: the server then tells them it changed.
  const [current] = useState(currentNow);
  const counts = useYearTermCounts(true);
  const setCurrent = useSetCurrentYearTerm();
  const countsOf = (id: string) => counts.data?.find((c) => c.id === id) ?? null;
  const text = currentTermChangeText({
    studio,
    from: current ? { name: current.name, counts: countsOf(current.id) } : null,
    to: { name: term.name, counts: countsOf(term.id) },
  });

  const confirm = () => {
    setCurrent.mutate(
      { params: { id: term.id }, body: { expectedID: current?.id ?? null } },
      {
        onSuccess: () => {
          notifySuccess(`${term.name} is now the current year term.`);
          onClose();
        },
        onError: (error) => {
          notifyError(error);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={text.title} styles={dialogStyles} centered radius="lg" size="lg">
      <Stack gap="md">
        <Text>{text.intro}</Text>
        {counts.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Counting what each term holds…
            </Text>
          </Group>
        ) : (
          text.effects.length > 0 && (
            <List spacing={6} size="sm" data-testid="term-change-effects">
              {text.effects.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          )
        )}
        {text.warning && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {text.warning}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={setCurrent.isPending} data-autofocus>
            Cancel
          </Button>
          <Button onClick={confirm} loading={setCurrent.isPending}>
            {text.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
