import { Checkbox, Table, Text } from '@mantine/core';
import type { DanceNumberActivityItem } from '@pirouette/domain';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ACTIVITY_FLAGS, isOn, toggleRequest } from '../activity';
import { useUpdateActivity } from '../api/schedule';

type Props = { classID: string; numberName: string; items: DanceNumberActivityItem[] };

/**
 * Each registered student's part in one dance number. "Active" is step 1 and sets all four switches;
 * the others are steps 2–4 (002 §4) and only mean something while the student is active.
 */
export function ActivityTable({ classID, numberName, items }: Props) {
  const update = useUpdateActivity(classID);
  if (items.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No students registered yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing={4} horizontalSpacing={6} fz="xs" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="30%" fz={10.5}>
              Student
            </Table.Th>
            {ACTIVITY_FLAGS.map(({ flag, label, short }) => (
              <Table.Th key={flag} ta="center" fw={600} fz={10.5} px={1} title={label}>
                {short}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const active = isOn(item, 'active');
            return (
              <Table.Tr key={item.dncNumActID}>
                <Table.Td>
                  <Text size="xs" fw={500} truncate c={active ? undefined : 'dimmed'}>
                    {item.studentName}
                  </Text>
                </Table.Td>
                {ACTIVITY_FLAGS.map(({ flag, label }) => (
                  <Table.Td key={flag}>
                    <Checkbox
                      size="xs"
                      mx="auto"
                      w="fit-content"
                      checked={isOn(item, flag)}
                      disabled={flag !== 'active' && !active}
                      aria-label={`${label}: ${item.studentName} in ${numberName}`}
                      onChange={() =>
                        update.mutate(
                          { params: { dncNumActID: item.dncNumActID }, body: toggleRequest(item, flag) },
                          { onSuccess: (r) => notifySuccess(r.msg), onError: (e) => notifyError(e) },
                        )
                      }
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
