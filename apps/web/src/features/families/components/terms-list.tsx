import { Badge, Divider, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TermsStatus } from '@pirouette/domain';
import { IconAlertCircle, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { sentenceCase, type TermsState, termsAcceptanceText, termsState } from '../family-view';

type Props = {
  terms: TermsStatus[];
  timeZone: string;
  /** What the reader may do with a document: the parent portal offers to read and accept it. */
  action?: (term: TermsStatus, state: TermsState) => ReactNode;
};

const LOOK = {
  accepted: { color: 'teal', label: 'Accepted', Icon: IconCircleCheck },
  outdated: { color: 'orange', label: 'Accepted an older version', Icon: IconAlertCircle },
  missing: { color: 'gray', label: 'Not accepted yet', Icon: IconCircleDashed },
} as const;

/** The studio's terms documents and the family's acceptance of each (001 §3 "Terms"). */
export function TermsList({ terms, timeZone, action }: Props) {
  if (terms.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        The studio has no terms documents.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {terms.map((term, i) => {
        const state = termsState(term);
        const { color, label, Icon } = LOOK[state];
        return (
          <Fragment key={term.id}>
            {i > 0 && <Divider />}
            <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="terms-item" data-state={state}>
              <ThemeIcon variant="light" color={color} radius="xl" size="md">
                <Icon size={16} />
              </ThemeIcon>
              <Stack gap={4} miw={0}>
                <Text fw={600} size="sm">
                  {sentenceCase(term.title)}
                </Text>
                <Badge size="sm" variant="light" color={color} w="fit-content">
                  {label}
                </Badge>
                <Text size="xs" c="dimmed">
                  {state === 'missing' ? `Version ${term.version}` : termsAcceptanceText(term, timeZone)}
                  {state === 'outdated' && `; version ${term.version} is in force now.`}
                </Text>
                {action?.(term, state)}
              </Stack>
            </Group>
          </Fragment>
        );
      })}
    </Stack>
  );
}
