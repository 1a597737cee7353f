import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import {
  dollarsText,
  type FamilyCostume,
  type FamilyCostumesAnswer,
  formatDateOnly,
} from '@pirouette/domain';
import { Link } from 'react-router';
import { adminHref } from '../../../app/paths/admin-sections';
import { FamilyListCard, hiddenForParent } from '../../families/components/family-list-card';
import { useAccountCostumes, useParentCostumes } from './family-costumes-queries';
import {
  type CostumeAudience,
  costumeStatus,
  hasCostumes,
  moneyLines,
  removedNote,
  sizeColorText,
  type Tone,
  totalFigures,
} from './family-costumes-text';

const toneColor: Record<Tone, string> = { paid: 'teal.8', due: 'orange.8', plain: 'dimmed' };

/** The dance number's costumes page, where the owner assigns and removes them. */
const numberHref = (dncNumID: string) => `${adminHref('costumes/numbers')}?number=${dncNumID}`;

function CostumeRow({ costume: c, audience }: { costume: FamilyCostume; audience: CostumeAudience }) {
  const status = costumeStatus(c, audience);
  const what = sizeColorText(c);
  const note = removedNote(c, audience);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="family-costume" bg={c.removed ? 'gray.0' : undefined}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Text fw={600} size="sm" td={c.removed ? 'line-through' : undefined}>
              {c.styleName}
            </Text>
            <Text size="sm">
              {audience === 'owner' ? (
                <Anchor component={Link} to={numberHref(c.dncNumID)} inherit>
                  {c.danceNumber}
                </Anchor>
              ) : (
                c.danceNumber
              )}
              {what && ` · ${what}`}
            </Text>
            <Text size="xs" c="dimmed">
              {audience === 'owner' ? `#${c.styleNumber} · ${c.company}` : c.company}
            </Text>
          </Stack>
          <Text fw={600} size="sm" c={c.removed ? 'dimmed' : undefined} style={{ flexShrink: 0 }}>
            {dollarsText(c.price)}
          </Text>
        </Group>
        <Group gap="xs" align="center" wrap="wrap" style={{ rowGap: 4 }}>
          <Badge variant="light" color={status.color} radius="sm" tt="none">
            {status.label}
          </Badge>
          {moneyLines(c, audience).map((line) => (
            <Text key={line.text} size="xs" c={toneColor[line.tone]}>
              {line.text}
            </Text>
          ))}
        </Group>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
        {audience === 'owner' && c.ordered && (
          <Text size="xs" c="dimmed">
            {c.receivedOn ? `Ordered ${formatDateOnly(c.ordered.orderedOn)}, ` : ''}
            {c.ordered.name}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The family's totals as a receipt: a label and its amount a line, at any width. */
function Totals({ answer, audience }: { answer: FamilyCostumesAnswer; audience: CostumeAudience }) {
  return (
    <Paper bg="gray.0" p="sm" radius="md">
      <Stack
        gap={4}
        component="dl"
        m={0}
        aria-label={audience === 'owner' ? "The family's costume totals" : 'Your costume totals'}
      >
        {totalFigures(answer.totals, audience).map((f) => (
          <Group key={f.label} justify="space-between" gap="sm" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed">
              {f.label}
            </Text>
            <Text component="dd" m={0} size="sm" fw={600} c={f.tone === 'due' ? 'orange.8' : undefined}>
              {f.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Each dancer's costumes, then the family's totals. */
export function FamilyCostumesView({
  answer,
  audience,
}: {
  answer: FamilyCostumesAnswer;
  audience: CostumeAudience;
}) {
  return (
    <Stack gap="md">
      {answer.dancers.map((d) => (
        <Stack key={d.studentID} gap="xs" data-testid="costume-dancer">
          <Text fw={600}>{d.studentName}</Text>
          {d.costumes.map((c) => (
            <CostumeRow key={c.id} costume={c} audience={audience} />
          ))}
        </Stack>
      ))}
      <Totals answer={answer} audience={audience} />
    </Stack>
  );
}

/** The owner's card on a family's account overview: one line when the family has no costumes. */
export function AccountCostumes({ accountId }: { accountId: string }) {
  const query = useAccountCostumes(accountId);
  return (
    <FamilyListCard
      title="Costumes"
      query={query}
      has={hasCostumes}
      loadingLabel="Loading the costumes"
      description="Each dancer's costumes: deposit and balance with what is paid, ordered, arrived."
      empty={
        <Text size="sm" c="dimmed">
          No costumes assigned to this family's dancers.
        </Text>
      }
    >
      {(answer) => <FamilyCostumesView answer={answer} audience="owner" />}
    </FamilyListCard>
  );
}

/**
 * The parent's card in the portal: their dancers' costumes, what is paid and what is to come, and when
 * they arrive. Hidden while the family has none (or while it loads), so a studio without costumes never
 * shows it.
 */
export function ParentCostumesCard({ studioName }: { studioName: string }) {
  const query = useParentCostumes();
  if (hiddenForParent(query, hasCostumes)) return null;
  return (
    <FamilyListCard
      title="Costumes"
      query={query}
      has={hasCostumes}
      loadingLabel="Loading the costumes"
      description={`Your dancers' costumes from ${studioName}: size, colour, what is paid, and when they arrive. Their deposits and balances are part of your balance above.`}
      empty={null}
    >
      {(answer) => <FamilyCostumesView answer={answer} audience="parent" />}
    </FamilyListCard>
  );
}
