import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useCardOnFile } from '../../cards/api/cards';
import { useParentFamilyTuition } from '../../family-tuition/api/family-tuition';
import { TuitionSection } from '../../family-tuition/components/tuition-section';

/**
 * The family's tuition as the studio worked it out (issue 15 point 8): each class's price, the monthly
 * total, the plan's payments and why each is what it is. Paying is the Balance card's (by the card on
 * file, or automatically on each due date with auto-pay on), and the card says where.
 */
export function TuitionCard({ studioName }: { studioName: string }) {
  const tuition = useParentFamilyTuition();
  // Without a merchant account the studio takes no card (decision 049): paying is at the desk.
  const takesCards = useCardOnFile().data?.takesCards !== false;
  return (
    <TuitionSection query={tuition} audience="parent" title="Tuition and payments">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="xl" size="lg">
          <IconCreditCard size={20} stroke={1.6} />
        </ThemeIcon>
        <Text size="sm" c="dimmed">
          {takesCards
            ? `Pay by card from your balance above, or turn on automatic payments to have each payment charged on its due date. You can also pay ${studioName} at the desk as usual.`
            : `Pay ${studioName} at the desk, by check or cash, by each payment's due date.`}
        </Text>
      </Group>
    </TuitionSection>
  );
}
