import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { type AccountInfo, formatPhone } from '@pirouette/domain';
import { IconMail, IconMapPin, IconPencil, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import { addressLines } from '../family-view';

type Props = { info: AccountInfo; onEdit?: () => void };

/** The family's address, phone and e-mail (001 §3 "Account info"). */
export function AccountInfoCard({ info, onEdit }: Props) {
  const lines = addressLines(info);
  const phone = formatPhone(info.phone);
  return (
    <SectionCard
      title="Contact information"
      action={
        onEdit && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
            aria-label="Edit contact information"
          >
            Edit
          </Button>
        )
      }
    >
      <Stack gap="sm">
        <Fact icon={<IconMapPin size={18} />} label="Address">
          {lines.length > 0 ? (
            lines.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))
          ) : (
            <Missing>No address on file</Missing>
          )}
        </Fact>
        <Fact icon={<IconPhone size={18} />} label="Phone">
          {phone ? (
            <Anchor href={`tel:${info.phone}`} size="sm" c="inherit">
              {phone}
            </Anchor>
          ) : (
            <Missing>No phone on file</Missing>
          )}
        </Fact>
        <Fact icon={<IconMail size={18} />} label="E-mail">
          {info.email ? (
            <Anchor href={`mailto:${info.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {info.email}
            </Anchor>
          ) : (
            <Missing>No e-mail on file</Missing>
          )}
        </Fact>
      </Stack>
    </SectionCard>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text c="dimmed" lh={0} mt={2} aria-hidden>
        {icon}
      </Text>
      <Stack gap={0} miw={0}>
        <Text size="xs" c="dimmed" fw={600}>
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

const Missing = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed" fs="italic">
    {children}
  </Text>
);
