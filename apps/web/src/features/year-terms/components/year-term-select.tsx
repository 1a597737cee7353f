import { Badge, Select } from '@mantine/core';
import { can, type MeResult } from '@pirouette/domain';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { actorOf } from '../../../lib/session';
import { useYearTerms } from '../api/year-terms';
import { SetCurrentTermDialog } from './set-current-term-dialog';

/**
 * The current year term; an owner may make another term the studio's current one, after a dialog
 * that says what changes for the whole studio (the select keeps the current term until then).
 */
export function YearTermSelect({ session, w = 220 }: { session: MeResult; w?: number | string }) {
  const mayChange = can(actorOf(session), 'yearTerm:set');
  const terms = useYearTerms(mayChange);
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const current = session.yrTrm;

  if (!mayChange) {
    return current ? (
      <Badge variant="light" size="lg" leftSection={<IconCalendar size={14} />}>
        {current.name}
      </Badge>
    ) : null;
  }

  const options = (terms.data ?? (current ? [current] : [])).map((t) => ({ value: t.id, label: t.name }));
  return (
    <>
      <Select
        aria-label="Current year term"
        size="sm"
        w={w}
        data={options}
        value={current?.id ?? null}
        placeholder={terms.isPending ? 'Loading terms…' : 'No year term'}
        leftSection={<IconCalendar size={16} />}
        allowDeselect={false}
        nothingFoundMessage="No year terms"
        onChange={(id) => {
          if (!id || id === current?.id) return;
          setPicked({ id, name: options.find((o) => o.value === id)?.label ?? '' });
        }}
      />
      {picked && (
        <SetCurrentTermDialog
          term={picked}
          studio={session.user.cName}
          current={current}
          onClose={() => setPicked(null)}
        />
      )}
    </>
  );
}
