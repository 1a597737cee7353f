import { Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { todayInZone } from '@pirouette/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { findSection } from '../../../app/paths/admin-sections';
import { PageHeader } from '../../../components/page-header';
import { downloadFile } from '../../../lib/download-file';
import { useSession } from '../../../lib/use-session';
import { DownloadButton } from '../../books/components/download-button';
import { PeriodPicker } from '../components/period-picker';
import { ClassesPanel, DancersPanel, MakeupsPanel, StreaksPanel } from '../components/report-panels';
import {
  CSV_CALLS,
  type Period,
  type PeriodPreset,
  periodProblem,
  presetPeriod,
  REPORT_TABS,
  TAB_LABELS,
  tabOf,
} from '../period';

export const ATTENDANCE_REPORTS_PATH = 'schedule/attendance-reports';

/**
 * What the studio learns from its rolls (issue 36 item 5, decision 065) at
 * /accounts/admin/schedule/attendance-reports: the early-warning list first, then attendance per class
 * and per dancer and the make-ups over a period, each as CSV.
 */
export function AttendanceReportsPage() {
  const section = findSection(ATTENDANCE_REPORTS_PATH);
  const session = useSession();
  const [today] = useState(() => todayInZone(session?.user.timeZone || undefined));
  const term = session?.yrTrm ?? null;
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('tab'));
  const [preset, setPreset] = useState<PeriodPreset>('thisMonth');
  const [custom, setCustom] = useState<Period>(() => presetPeriod('thisMonth', today, term));
  const [lastGood, setLastGood] = useState<Period>(custom);
  const problem = preset === 'custom' ? periodProblem(custom) : null;
  const period = preset === 'custom' ? (problem ? lastGood : custom) : presetPeriod(preset, today, term);
  const choosePreset = (next: PeriodPreset) => {
    if (next === 'custom') setCustom(period);
    setPreset(next);
  };
  const changeCustom = (next: Period) => {
    setCustom(next);
    if (!periodProblem(next)) setLastGood(next);
  };
  const download = () =>
    tab === 'streaks' ? downloadFile(CSV_CALLS.streaks, {}) : downloadFile(CSV_CALLS[tab], { query: period });

  return (
    <Stack gap="lg">
      <PageHeader title={section.title} description={section.description} />
      <Card p={{ base: 'md', sm: 'lg' }}>
        <Tabs
          value={tab}
          onChange={(v) => setSearch(v === 'streaks' ? {} : { tab: v ?? '' }, { replace: true })}
        >
          <Stack gap="md">
            <Tabs.List>
              {REPORT_TABS.map((t) => (
                <Tabs.Tab key={t} value={t}>
                  {TAB_LABELS[t]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Group justify="space-between" align="flex-start" gap="sm">
              {tab === 'streaks' ? (
                <Text size="sm" c="dimmed">
                  As of today: each dancer's last three marked classes.
                </Text>
              ) : (
                <PeriodPicker
                  preset={preset}
                  onPreset={choosePreset}
                  custom={custom}
                  onCustom={changeCustom}
                  period={period}
                  problem={problem}
                />
              )}
              <DownloadButton
                label="Download CSV"
                download={download}
                blocked={problem !== null && tab !== 'streaks'}
              />
            </Group>
            <Tabs.Panel value="streaks">{tab === 'streaks' && <StreaksPanel />}</Tabs.Panel>
            <Tabs.Panel value="classes">
              {tab === 'classes' && <ClassesPanel key={`${period.from}${period.to}`} period={period} />}
            </Tabs.Panel>
            <Tabs.Panel value="dancers">
              {tab === 'dancers' && <DancersPanel key={`${period.from}${period.to}`} period={period} />}
            </Tabs.Panel>
            <Tabs.Panel value="makeups">
              {tab === 'makeups' && <MakeupsPanel key={`${period.from}${period.to}`} period={period} />}
            </Tabs.Panel>
          </Stack>
        </Tabs>
      </Card>
    </Stack>
  );
}
