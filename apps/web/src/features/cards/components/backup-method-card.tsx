import { Button, Checkbox, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { type BackupAnswer, cardLabel } from '@pirouette/domain';
import { IconCreditCard, IconReplace, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { MoneyModal } from '../../../components/money-modal';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { notifyResult, notifySuccess } from '../../../lib/notify';
import { useBackupMethod, useRemoveBackup, useSaveBackup } from '../api/backup';
import { CardForm } from './card-form';
import { CardSummary } from './card-summary';

/**
 * The family's backup payment method on the portal (issue 37 item 5, decision 071), under the card: a
 * second card, charged only when the first method fails for good. Saving one asks for the family's
 * consent first: the words as the studio keeps them, and a box to tick; the card form opens only then.
 */
export function BackupMethodCard() {
  const query = useBackupMethod();
  if (query.isPending)
    return (
      <SectionCard title="Backup payment method" data-testid="backup-method-card">
        <Stack gap="xs" aria-busy="true" aria-label="Loading your backup payment method">
          <Skeleton h={20} w="60%" />
          <Skeleton h={16} w="40%" />
        </Stack>
      </SectionCard>
    );
  if (query.isError)
    return (
      <SectionCard title="Backup payment method" data-testid="backup-method-card">
        <SectionLoadError error={query.error} onRetry={() => query.refetch()} />
      </SectionCard>
    );
  // The studio takes no card yet: the card above says so, and there is no backup to keep.
  if (!query.data.takesCards) return null;
  return <BackupBody data={query.data} />;
}

function BackupBody({ data }: { data: BackupAnswer }) {
  const [agreed, setAgreed] = useState(false);
  const [missing, setMissing] = useState(false);
  const [form, setForm] = useState(0);
  const [removing, setRemoving] = useState(false);
  const remove = useRemoveBackup();
  const backup = data.backup;
  const open = () => {
    if (!agreed) return setMissing(true);
    setForm((n) => n + 1);
  };

  let body: ReactNode;
  if (!data.hasPrimary && !backup)
    body = (
      <Text size="sm" c="dimmed" data-testid="backup-needs-primary">
        Add your first payment method above, then a backup card if you want one.
      </Text>
    );
  else
    body = (
      <Stack gap="md">
        {backup ? (
          <Stack gap={4}>
            <CardSummary card={backup} />
            <Text size="xs" c="dimmed">
              You agreed on {backup.consentOn} that it may be charged when your first method fails for good.
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No backup card. A backup keeps your payments going when your first card is lost, stolen or closed.
          </Text>
        )}
        {data.hasPrimary && (
          <Paper withBorder radius="md" p="sm" bg="gray.0">
            <Stack gap="xs">
              <Text size="sm" data-testid="backup-consent-text">
                {data.consentText}
              </Text>
              <Checkbox
                checked={agreed}
                onChange={(e) => {
                  setAgreed(e.currentTarget.checked);
                  setMissing(false);
                }}
                label="I agree to these words for my backup card"
                error={missing ? 'Tick the box to agree before adding a backup card.' : undefined}
              />
            </Stack>
          </Paper>
        )}
        <Group gap="xs">
          {data.hasPrimary && (
            <Button
              variant={backup ? 'light' : 'filled'}
              leftSection={backup ? <IconReplace size={16} /> : <IconCreditCard size={16} />}
              onClick={open}
              flex={{ base: '1 1 auto', xs: '0 0 auto' }}
            >
              {backup ? 'Replace backup card' : 'Add a backup card'}
            </Button>
          )}
          {backup && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setRemoving(true)}
              flex={{ base: '1 1 auto', xs: '0 0 auto' }}
            >
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    );

  return (
    <SectionCard
      title="Backup payment method"
      description="Charged only when your first payment method fails for good."
      data-testid="backup-method-card"
    >
      {body}
      {form > 0 && (
        <BackupFormModal
          key={form}
          data={data}
          onClose={() => {
            setForm(0);
            setAgreed(false);
          }}
        />
      )}
      {backup && (
        <Modal opened={removing} onClose={() => setRemoving(false)} title="Remove the backup card?" centered>
          <Stack gap="lg">
            <Text>
              {cardLabel(backup)} will no longer be charged when your first method fails. Nothing is charged
              now.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRemoving(false)} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    {},
                    notifyResult(() => setRemoving(false)),
                  )
                }
                data-autofocus
              >
                Remove backup
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </SectionCard>
  );
}

/** The card form for the backup: the token saved with the consent the parent ticked, and its version. */
function BackupFormModal({ data, onClose }: { data: BackupAnswer; onClose: () => void }) {
  const save = useSaveBackup();
  return (
    <MoneyModal title={data.backup ? 'Replace your backup card' : 'Add a backup card'} onClose={onClose} long>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A different card from your first one. It is charged only when your first method fails for good.
        </Text>
        <CardForm
          tokenizer={data.tokenizer}
          submitLabel="Save backup card"
          onCancel={onClose}
          onToken={async (token) => {
            const saved = await save.mutateAsync({
              body: { token, consent: true, consentVersion: data.consentVersion },
            });
            notifySuccess(saved.msg);
            onClose();
          }}
        />
      </Stack>
    </MoneyModal>
  );
}
