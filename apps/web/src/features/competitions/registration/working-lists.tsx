import { Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { type CompetitionWorkingLists, formatTimeOfDay, PRIVATE_TYPES, WEEKDAYS } from '@pirouette/domain';
import { DancerGrid } from './dancer-grid';
import {
  classState,
  dancerState,
  type Selection,
  toggleClassIn,
  toggleDancer,
  toggleWhole,
  wholeState,
} from './selection';
import { CountBadge, StateMark } from './state-mark';

/** What a removal takes off the entry: a number or lesson whole, or one of its dancers. */
export type Removal = {
  kind: 'dnc' | 'prv';
  pID: string;
  name: string;
  studentId: string | null;
  studentName: string | null;
};

type Props = {
  lists: CompetitionWorkingLists;
  selection: Selection;
  onSelect: (next: Selection) => void;
  onRemove: (r: Removal) => void;
};

const wrap = { overflowWrap: 'anywhere' as const, minWidth: 0 };

/** One dance number or private lesson: its state, counts, removal, and its dancers. */
function Target({
  id,
  kind,
  name,
  detail,
  counts,
  props,
}: {
  id: string;
  kind: 'dnc' | 'prv';
  name: string;
  detail: string;
  counts: { id: string; nReg_tot: number; nReg_Students: number; nPrvReg_act?: number };
  props: Props;
}) {
  const { lists, selection, onSelect, onRemove } = props;
  const dancers =
    kind === 'dnc'
      ? lists.reg_cls.filter((d) => d.dncNumID === id)
      : lists.reg_prv.filter((d) => d.privID === id);
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 12rem', ...wrap }}>
          <StateMark
            state={wholeState(selection, counts)}
            label={name}
            onToggle={() => onSelect(toggleWhole(lists, selection, id))}
          />
          <Stack gap={0} style={{ flex: 1, ...wrap }}>
            <Text fw={600} size="sm">
              {name}
            </Text>
            {detail && (
              <Text size="xs" c="dimmed">
                {detail}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
          <CountBadge registered={counts.nReg_Students} total={counts.nReg_tot} />
          {counts.nReg_Students > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => onRemove({ kind, pID: id, name, studentId: null, studentName: null })}
            >
              Remove
            </Button>
          )}
        </Group>
      </Group>
      <div style={{ paddingInlineStart: 32 }}>
        <DancerGrid
          dancers={dancers.map((d) => ({
            acctStdID: d.acctStdID,
            studentName: d.studentName,
            state: dancerState(selection, d),
          }))}
          onToggle={(studentId) => onSelect(toggleDancer(lists, selection, id, studentId))}
          onRemove={(d) =>
            onRemove({ kind, pID: id, name, studentId: d.acctStdID, studentName: d.studentName })
          }
        />
      </div>
    </Stack>
  );
}

/** The classes of the term at the location with their dance numbers and dancers (types class and add-on). */
export function ClassLists(props: Props) {
  const { lists, selection, onSelect } = props;
  return (
    <Stack gap="md">
      {lists.cls.map((c) => {
        const { state, partly } = classState(lists, selection, c);
        const numbers = lists.dnc.filter((n) => n.clsSch_ID === c.id);
        return (
          <Paper key={c.id} withBorder radius="md" p="md">
            <Stack gap="sm">
              <Group gap="xs" wrap="wrap" align="flex-start">
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 12rem', ...wrap }}>
                  <StateMark
                    state={state}
                    partly={partly}
                    label={c.name}
                    onToggle={() => onSelect(toggleClassIn(lists, selection, c.id))}
                  />
                  <Stack gap={0} style={{ flex: 1, ...wrap }}>
                    <Text fw={700}>{c.name}</Text>
                    <Text size="xs" c="dimmed">
                      {WEEKDAYS[c.day]} {formatTimeOfDay(c.timeStart)} ·{' '}
                      {numbers.length === 1 ? '1 dance number' : `${numbers.length} dance numbers`}
                    </Text>
                  </Stack>
                </Group>
                <CountBadge registered={c.nReg_Students} total={c.nReg_tot} />
              </Group>
              {numbers.map((n) => (
                <div key={n.id}>
                  <Divider mb="sm" />
                  <Target id={n.id} kind="dnc" name={n.name} detail={n.nGenre} counts={n} props={props} />
                </div>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The term's private lessons at the location with their dancers (type private). */
export function PrivateLists(props: Props) {
  return (
    <Stack gap="md">
      {props.lists.privs.map((p) => (
        <Paper key={p.id} withBorder radius="md" p="md">
          <Target
            id={p.id}
            kind="prv"
            name={p.name}
            detail={PRIVATE_TYPES.find((t) => t.id === p.type)?.name ?? ''}
            counts={p}
            props={props}
          />
        </Paper>
      ))}
    </Stack>
  );
}
