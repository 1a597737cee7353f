import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CompetitionCompanyItem } from '@pirouette/domain';
import { IconChevronRight } from '@tabler/icons-react';
import { countText } from '../lib/competitions';
import classes from './companies-list.module.css';

type Props = {
  companies: CompetitionCompanyItem[];
  selected: string | null;
  onSelect: (id: string) => void;
};

/** The studio's competition companies, each with its locations and events counted; one is open at a time. */
export function CompaniesList({ companies, selected, onSelect }: Props) {
  return (
    <Card p={0}>
      <Stack gap={0} role="list" aria-label="Competition companies">
        {companies.map((c) => (
          <UnstyledButton
            key={c.id}
            role="listitem"
            className={classes.item}
            data-active={c.id === selected || undefined}
            aria-current={c.id === selected ? 'true' : undefined}
            onClick={() => onSelect(c.id)}
            data-testid="competition-company"
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2} miw={0}>
                <Text fw={600} size="sm">
                  {c.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {countText(c.nLocations, 'location', 'locations')} ·{' '}
                  {countText(c.nEvents, 'event', 'events').toLowerCase()}
                </Text>
              </Stack>
              <IconChevronRight size={16} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Card>
  );
}
