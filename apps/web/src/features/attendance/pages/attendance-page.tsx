import { Stack } from '@mantine/core';
import { isDateOnly, isId } from '@pirouette/domain';
import { useSearchParams } from 'react-router';
import { ADMIN_ROOT, findSection } from '../../../app/paths/admin-sections';
import { PageHeader } from '../../../components/page-header';
import { DayMeetings } from '../components/day-meetings';
import { RollView } from '../components/roll-view';

const PAGE = `${ADMIN_ROOT}/schedule/attendance`;

/**
 * The owner's attendance (decision 063): a day's meetings at one location (decision 088), then a
 * meeting's roll, any date; the owner takes or corrects it (every change is logged) and adds trial guests.
 */
export function AttendancePage() {
  const section = findSection('schedule/attendance');
  const [params, setParams] = useSearchParams();
  const date = isDateOnly(params.get('date')) ? params.get('date') : null;
  const classId = isId(params.get('class')) ? params.get('class') : null;
  const loc = isId(params.get('loc')) ? params.get('loc') : null;
  const dayOf = (d: string | null, l: string | null) => ({
    ...(d ? { date: d } : {}),
    ...(l ? { loc: l } : {}),
  });
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title={section.title} description={section.description} />
      {classId && date ? (
        <RollView
          key={`${classId}/${date}`}
          classId={classId}
          date={date}
          owner
          back={{ to: `${PAGE}?${new URLSearchParams(dayOf(date, loc))}`, label: 'Meetings of the day' }}
        />
      ) : (
        <DayMeetings
          date={date}
          locID={loc}
          showTeacher
          onDate={(next) => setParams(dayOf(next, loc), { replace: true })}
          onLocation={(next) => setParams(dayOf(date, next), { replace: true })}
          hrefOf={(id, d, l) => `${PAGE}?${new URLSearchParams({ ...dayOf(d, l), class: id })}`}
        />
      )}
    </Stack>
  );
}
