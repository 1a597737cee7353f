import { isDateOnly } from '@pirouette/domain';
import { useSearchParams } from 'react-router';
import { teacherPaths } from '../../../app/paths/teacher-paths';
import { DayMeetings } from '../components/day-meetings';

/** A teacher's home (decision 063): today's classes, or another day's, each opening its roll. */
export function TeacherTodayPage() {
  const [params, setParams] = useSearchParams();
  const date = isDateOnly(params.get('date')) ? params.get('date') : null;
  return (
    <DayMeetings
      date={date}
      onDate={(next) => setParams(next ? { date: next } : {}, { replace: true })}
      hrefOf={teacherPaths.roll}
    />
  );
}
