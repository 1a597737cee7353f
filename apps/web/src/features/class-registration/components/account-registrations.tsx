import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { dollarsText, formatDateOnly, type RegisteredClass, WEEKDAYS } from '@pirouette/domain';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { timeRange } from '../../../lib/schedule-format';
import { useOwnerRegistrationBuilder } from '../api/class-registration';
import { ownerRegistrationHref } from '../lib/owner-href';
import { counts } from '../lib/selection';
import { DropDialog } from './drop-dialog';

const STATUS: Record<number, { label: string; color: string } | undefined> = {
  0: { label: 'Pending approval', color: 'yellow' },
  [-1]: { label: 'Rejected', color: 'gray' },
};

/**
 * The family's classes this season on the owner's overview, each with its Drop, and the way into the
 * owner's wizard. A drop's new schedule is explained by the tuition section beside it.
 */
export function AccountRegistrations({ accountId }: { accountId: string }) {
  const builder = useOwnerRegistrationBuilder(accountId, { locID: null });
  const [dropping, setDropping] = useState<RegisteredClass | null>(null);
  const register = (
    <Button
      component={Link}
      to={ownerRegistrationHref({ family: accountId })}
      size="compact-sm"
      leftSection={<IconCalendarPlus size={14} />}
    >
      Register for classes
    </Button>
  );
  if (builder.isPending) {
    return (
      <SectionCard title="Classes" action={register}>
        <Skeleton h={80} aria-label="Loading the classes" />
      </SectionCard>
    );
  }
  if (builder.isError) {
    return (
      <SectionCard title="Classes" action={register}>
        <SectionLoadError error={builder.error} onRetry={() => builder.refetch()} />
      </SectionCard>
    );
  }
  const b = builder.data;
  const byDancer = b.acctInfo.stds
    .map((s) => ({ s, regs: b.acctInfo.regCls.filter((r) => r.stdID === s.id) }))
    .filter((d) => d.regs.length > 0);
  return (
    <SectionCard
      title="Classes"
      description={`Season ${b.term.name}. A drop takes effect from the date you choose.`}
      action={register}
    >
      {byDancer.length === 0 && (
        <Text size="sm" c="dimmed">
          No classes this season yet.
        </Text>
      )}
      {byDancer.map(({ s, regs }) => (
        <Stack key={s.id} gap={6}>
          <Text fw={600} size="sm">
            {s.firstName} {s.lastName}
          </Text>
          {regs.map((r) => (
            <Paper key={r.clRegID} withBorder p="xs" radius="md" data-testid="account-registration">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Stack gap={0} miw={0}>
                  <Group gap={6}>
                    <Text size="sm" fw={600} td={counts(r) ? undefined : 'line-through'}>
                      {r.name}
                    </Text>
                    {STATUS[r.status] && (
                      <Badge size="xs" variant="light" color={STATUS[r.status]?.color}>
                        {STATUS[r.status]?.label}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {WEEKDAYS[r.day]} {timeRange(r.Ti, r.Tf)}
                    {r.isDropped && r.droppedOn ? ` · dropped from ${formatDateOnly(r.droppedOn)}` : ''}
                  </Text>
                </Stack>
                {counts(r) && (
                  <Group gap="xs" wrap="nowrap">
                    <Text
                      size="sm"
                      fw={600}
                      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                    >
                      {dollarsText(r.Pr_f)}/mo
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setDropping(r)}
                      aria-label={`Drop ${r.name} (${s.firstName})`}
                    >
                      Drop
                    </Button>
                  </Group>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      ))}
      {dropping && (
        <DropDialog
          builder={b}
          registration={dropping}
          dancer={b.acctInfo.stds.find((s) => s.id === dropping.stdID)?.firstName ?? ''}
          onClose={() => setDropping(null)}
        />
      )}
    </SectionCard>
  );
}
