import { Loader, Select, Stack, Tabs } from '@mantine/core';
import { IconTicket, IconUsers } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { RecitalPicker, useRecitalChoice } from '../../../components/recital-picker';
import { BackstageView } from './backstage-view';
import { DoorView } from './door-view';

/**
 * The recital's day on a phone (issue 38 items 5 and 6): which show, then the door or backstage. The same
 * for the owner and a teacher (no money in either).
 */
export function RecitalDay() {
  const { list, recitals, recital, show, choose } = useRecitalChoice();
  if (list.isPending) return <Loader />;
  if (!recital)
    return (
      <EmptyState title="No recital yet">
        The door and backstage open once the studio has a recital with shows.
      </EmptyState>
    );
  const today = new Date().toISOString().slice(0, 10);
  const current = show ?? recital.shows.find((s) => s.day >= today) ?? recital.shows[0] ?? null;
  return (
    <Stack gap="md">
      <RecitalPicker recitals={recitals} value={recital.id} onChange={(id) => choose({ recital: id })} />
      {recital.shows.length === 0 ? (
        <EmptyState title="No show yet">Add the recital's shows first.</EmptyState>
      ) : (
        <>
          <Select
            label="Show"
            data={recital.shows.map((s) => ({ value: s.id, label: `${s.name} · ${s.day} ${s.startsAt}` }))}
            value={current?.id ?? null}
            onChange={(v) => v && choose({ show: v })}
            allowDeselect={false}
            w={{ base: '100%', sm: 360 }}
          />
          {current && (
            <Tabs defaultValue="door" keepMounted={false}>
              <Tabs.List grow>
                <Tabs.Tab value="door" leftSection={<IconTicket size={16} />}>
                  Door
                </Tabs.Tab>
                <Tabs.Tab value="backstage" leftSection={<IconUsers size={16} />}>
                  Backstage
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="door" pt="md">
                <DoorView key={current.id} showId={current.id} />
              </Tabs.Panel>
              <Tabs.Panel value="backstage" pt="md">
                <BackstageView key={current.id} showId={current.id} />
              </Tabs.Panel>
            </Tabs>
          )}
        </>
      )}
    </Stack>
  );
}
