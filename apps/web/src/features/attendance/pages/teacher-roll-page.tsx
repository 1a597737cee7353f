import { isDateOnly, isId } from '@pirouette/domain';
import { Navigate, useParams } from 'react-router';
import { teacherPaths } from '../../../app/paths/teacher-paths';
import { RollView } from '../components/roll-view';

/** A teacher's roll of one meeting (decision 063). */
export function TeacherRollPage() {
  const { classId = '', date = '' } = useParams();
  if (!isId(classId) || !isDateOnly(date)) return <Navigate to={teacherPaths.today} replace />;
  return (
    <RollView
      key={`${classId}/${date}`}
      classId={classId}
      date={date}
      back={{ to: `${teacherPaths.today}?date=${date}`, label: 'Classes of the day' }}
    />
  );
}
