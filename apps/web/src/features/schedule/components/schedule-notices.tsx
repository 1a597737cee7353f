import { Alert, Anchor, Stack } from '@mantine/core';
import type { ClassFormInputs, YearTerm } from '@pirouette/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { adminHref } from '../../../app/paths/admin-sections';

/** What a new class needs and the studio lacks: class prices in this term, teachers. */
export function ScheduleNotices({ inputs, term }: { inputs: ClassFormInputs | undefined; term: YearTerm }) {
  if (!inputs) return null;
  const noPrices = inputs.prices.length === 0;
  const noTeachers = inputs.teachers.length === 0;
  if (!noPrices && !noTeachers) return null;
  return (
    <Stack gap="xs">
      {noPrices && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={`No class prices for ${term.name}`}
        >
          A class is priced by its length. Before adding classes,{' '}
          <Anchor component={Link} to={`${adminHref('myStudio/dance-year')}?term=${term.id}`} fw={600}>
            add this term’s class prices
          </Anchor>
          .
        </Alert>
      )}
      {noTeachers && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="No teachers yet">
          Every class has a teacher.{' '}
          <Anchor component={Link} to={adminHref('staff')} fw={600}>
            Add your teachers
          </Anchor>{' '}
          first.
        </Alert>
      )}
    </Stack>
  );
}
