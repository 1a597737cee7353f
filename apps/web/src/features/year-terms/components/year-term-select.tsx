import { Badge, Select } from '@mantine/core';
import { can, type MeResult } from '@pirouette/domain';
import { IconCalendar } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { actorOf } from '../../../lib/session';
import { useYearTerms } from '../api/get-year-terms';
import { useSetCurrentYearTerm } from '../api/set-current-year-term';

/** The current year term; an owner may make another term the studio's current one. */
export function YearTermSelect({ session, w = 220 }: { session: MeResult; w?: number | string }) {
  const mayChange = can(actorOf(session), 'yearTerm:set');
  const terms = useYearTerms(mayChange);
  const setCurrent = useSetCurrentYearTerm();
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
    <Select
      aria-label="Current year term"
      size="sm"
      w={w}
      data={options}
      value={current?.id ?? null}
      placeholder={terms.isPending ? 'Loading terms…' : 'No year term'}
      leftSection={<IconCalendar size={16} />}
      allowDeselect={false}
      disabled={setCurrent.isPending}
      nothingFoundMessage="No year terms"
      onChange={(id) => {
        if (!id || id === current?.id) return;
        const name = options.find((o) => o.value === id)?.label ?? '';
        setCurrent.mutate(id, {
          onSuccess: () => notifySuccess(`${name} is now the current year term.`),
          onError: (error) => notifyError(error),
        });
      }}
    />
  );
}
