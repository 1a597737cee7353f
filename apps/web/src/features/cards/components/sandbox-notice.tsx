import { Anchor, Collapse, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useId, useState } from 'react';

/** The sandbox processor's test cards (apps/api finix/engine-cards.ts) and what each does. */
export const TEST_CARDS = [
  { number: '4895 1422 3212 0006', does: 'Succeeds' },
  { number: '4000 0000 0000 0069', does: 'Insufficient funds' },
  { number: '4000 0000 0000 9979', does: 'Declined' },
  { number: '4000 0000 0000 9987', does: 'Expired card' },
  { number: '4000 0000 0000 0127', does: 'Lost or stolen' },
  // The card's kind (decision 069): only a credit card carries the studio's card surcharge.
  { number: '4000 0566 5566 5556', does: 'Debit card (no surcharge)' },
  { number: '5200 8282 8282 8210', does: 'Debit card (no surcharge)' },
  { number: '4000 0582 6000 0005', does: 'Prepaid card (no surcharge)' },
  { number: '4000 0000 0000 1000', does: 'Renewed by the account updater (new expiry)' },
  { number: '4000 0000 0000 1109', does: 'Closed account (account updater)' },
  { number: '4000 0000 0000 1232', does: 'Insufficient funds twice, then succeeds' },
  { number: '4000 0000 0000 4566', does: 'Succeeds only just after paydays (2nd–4th, 16th–18th)' },
] as const;

/**
 * Says, discreetly, that the card form is the sandbox's: nothing is charged. The test cards fold out;
 * a number picked fills the form.
 */
export function SandboxNotice({ onPick }: { onPick: (number: string) => void }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <Paper bg="gray.0" radius="md" px="sm" py={8} data-testid="sandbox-notice">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <IconFlask size={16} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="xs" c="dimmed">
            Sandbox — no real money moves
          </Text>
        </Group>
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={listId}
        >
          {open ? 'Hide test cards' : 'Test cards'}
        </Anchor>
      </Group>
      <Collapse in={open} id={listId}>
        <Stack gap={6} pt="xs">
          <Table verticalSpacing={2} horizontalSpacing="xs" fz="xs">
            <Table.Tbody>
              {TEST_CARDS.map((card) => (
                <Table.Tr key={card.number}>
                  <Table.Td>
                    <UnstyledButton
                      onClick={() => onPick(card.number)}
                      fz="xs"
                      ff="monospace"
                      c="plum.7"
                      style={{ whiteSpace: 'nowrap' }}
                      aria-label={`Use the test card ${card.number} (${card.does.toLowerCase()})`}
                    >
                      {card.number}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td c="dimmed">{card.does}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            Every other card is a credit card. Any future expiry, any 3-digit CVC. Test amounts, whatever the
            card: $1.02 is declined, $1.93 has insufficient funds, $8,888.88 is disputed.
          </Text>
        </Stack>
      </Collapse>
    </Paper>
  );
}
