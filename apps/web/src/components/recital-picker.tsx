import { Select } from '@mantine/core';
import { type RecitalSummary, recitalCalls } from '@pirouette/domain';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useCall } from '../lib/call';

/**
 * Which recital (and show) a recital screen is about (issue 38): kept in the address (`?recital=<id>`,
 * `&show=<id>`) so a page can be shared, reloaded and printed; the first recital when none is named.
 * Every recital page of the owner (and the door, for a teacher) reads it the same way.
 */
export function useRecitalChoice() {
  const [params, setParams] = useSearchParams();
  const list = useCall(recitalCalls.list);
  const recitals = list.data?.recitals ?? [];
  const wanted = params.get('recital');
  const recital: RecitalSummary | null = recitals.find((r) => r.id === wanted) ?? recitals[0] ?? null;
  const wantedShow = params.get('show');
  const show = recital?.shows.find((s) => s.id === wantedShow) ?? null;

  const choose = (next: { recital?: string; show?: string | null }) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next.recital !== undefined) {
          out.set('recital', next.recital);
          out.delete('show');
        }
        if (next.show === null) out.delete('show');
        else if (next.show !== undefined) out.set('show', next.show);
        return out;
      },
      { replace: true },
    );

  // A recital named in the address that is not the studio's (or gone) falls back to the first one.
  useEffect(() => {
    if (list.data && wanted && !recitals.some((r) => r.id === wanted) && recitals[0]) {
      choose({ recital: recitals[0].id });
    }
  });

  return { list, recitals, recital, show, choose };
}

/** The recital select of a recital screen; nothing when the studio has one recital only. */
export function RecitalPicker({
  recitals,
  value,
  onChange,
}: {
  recitals: readonly RecitalSummary[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  if (recitals.length < 2) return null;
  return (
    <Select
      label="Recital"
      data={recitals.map((r) => ({ value: r.id, label: r.name }))}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      w={{ base: '100%', sm: 280 }}
    />
  );
}
