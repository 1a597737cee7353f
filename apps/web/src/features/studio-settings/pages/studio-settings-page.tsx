import { Skeleton, Stack, Tabs } from '@mantine/core';
import {
  IconBuildingStore,
  IconCalendarRepeat,
  IconCategory,
  IconFileZip,
  IconReceipt2,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { findSection } from '../../../app/paths/admin-sections';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { MoveOutCard } from '../../data-export/components/move-out-card';
import { AttendanceSettingsPanel } from '../../makeups/components/attendance-settings-panel';
import { useStudioSettings } from '../api/studio-settings';
import { GenresPanel } from '../components/genres-panel';
import { StudioDetailsForm } from '../components/studio-details-form';
import { TuitionRulesForm } from '../components/tuition-rules-form';

const TABS = ['studio', 'tuition', 'genres', 'makeups', 'data'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * The studio's details, its tuition rules and fees, its genres, and its data to take away (moving out,
 * decision 057), one tab each (?tab= links to one).
 */
export function StudioSettingsPage() {
  const section = findSection('myStudio/settings');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'studio';
  const settings = useStudioSettings();

  const loading = <Skeleton h={320} radius="lg" />;
  const failed = <LoadError onRetry={() => settings.refetch()} />;

  return (
    <Stack gap="lg">
      <PageHeader title={section.title} description={section.description} />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'studio' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="studio" leftSection={<IconBuildingStore size={16} />}>
            Studio
          </Tabs.Tab>
          <Tabs.Tab value="tuition" leftSection={<IconReceipt2 size={16} />}>
            Tuition rules
          </Tabs.Tab>
          <Tabs.Tab value="genres" leftSection={<IconCategory size={16} />}>
            Genres
          </Tabs.Tab>
          <Tabs.Tab value="makeups" leftSection={<IconCalendarRepeat size={16} />}>
            Make-ups
          </Tabs.Tab>
          <Tabs.Tab value="data" leftSection={<IconFileZip size={16} />}>
            Your data
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="studio">
          {settings.isPending ? (
            loading
          ) : settings.isError ? (
            failed
          ) : (
            // Keyed by the saved values, so the form starts again from what the server holds.
            <StudioDetailsForm key={JSON.stringify(settings.data.studio)} studio={settings.data.studio} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="tuition">
          {settings.isPending ? (
            loading
          ) : settings.isError ? (
            failed
          ) : (
            <TuitionRulesForm key={JSON.stringify(settings.data.money)} settings={settings.data.money} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="genres">
          <GenresPanel />
        </Tabs.Panel>
        <Tabs.Panel value="makeups">
          <AttendanceSettingsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="data">
          <MoveOutCard />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
