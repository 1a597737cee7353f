import { Button } from '@mantine/core';
import {
  IconBuildingStore,
  IconCalendarEvent,
  IconCurrencyDollar,
  IconMusic,
  IconUserStar,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { adminHref } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';

/** What keeps the screen empty, most basic first: each needs something set up elsewhere, or a first lesson. */
export type PrivatesGap = 'term' | 'locations' | 'prices' | 'teachers' | 'lessons';

type Props = {
  gap: PrivatesGap;
  /** The term whose prices are missing: the tuition settings open on it. */
  yearTermID: string | null;
  locationName: string;
  addButton: ReactNode;
};

const go = (to: string, label: string) => (
  <Button component={Link} to={to} variant="light">
    {label}
  </Button>
);

/** The honest empty states of the private-lessons screen. */
export function PrivatesEmpty({ gap, yearTermID, locationName, addButton }: Props) {
  const danceYear = adminHref('myStudio/dance-year');
  switch (gap) {
    case 'term':
      return (
        <EmptyState
          title="No year term yet"
          icon={IconCalendarEvent}
          action={go(danceYear, 'Set up year terms')}
        >
          Private lessons belong to a year term and take its private prices. Add the studio’s year term first.
        </EmptyState>
      );
    case 'locations':
      return (
        <EmptyState
          title="Add a location first"
          icon={IconBuildingStore}
          action={go(adminHref('myStudio/locations'), 'Go to locations')}
        >
          Every private lesson is taught at one of the studio’s locations. Once you add a location, its
          private lessons are listed here.
        </EmptyState>
      );
    case 'prices':
      return (
        <EmptyState
          title="Set your private lesson prices"
          icon={IconCurrencyDollar}
          action={go(
            yearTermID ? `${danceYear}?term=${encodeURIComponent(yearTermID)}` : danceYear,
            'Go to tuition prices',
          )}
        >
          A private lesson takes one of the term’s private prices (Solo, Duet, Trio…). Add them under the year
          term’s tuition prices, then come back to add lessons.
        </EmptyState>
      );
    case 'teachers':
      return (
        <EmptyState
          title="Add a teacher first"
          icon={IconUserStar}
          action={go(adminHref('staff'), 'Go to teachers')}
        >
          Each private lesson is taught by one of the studio’s teachers.
        </EmptyState>
      );
    default:
      return (
        <EmptyState title={`No private lessons at ${locationName} yet`} icon={IconMusic} action={addButton}>
          Add the solos, duets, trios and groups taught here; then register students in them.
        </EmptyState>
      );
  }
}
