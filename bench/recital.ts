import type { Target } from './load';

/**
 * The recital in the bench (issue 38): what the owner reads often — the recital's reports (the figures
 * per show and section, the families who bought, the dancer sheet) and the fee page. The recital is the
 * studio's first (GET /api/mystudio/recitals); a studio without one adds no entry. The parent's recitals
 * list and seat map (the tickets' part, decision 074) are added beside these where those routes exist.
 */

type Call = (target: { method: 'GET'; url: string; headers?: Record<string, string> }) => Promise<{
  data: unknown;
}>;

type RecitalList = { recitals: { id: string }[] };

export async function recitalTargets(
  call: Call,
  asOwner: Record<string, string>,
): Promise<(Target & { name: string })[]> {
  const list = (await call({ method: 'GET', url: '/api/mystudio/recitals', headers: asOwner }))
    .data as RecitalList;
  const recital = list.recitals[0]?.id;
  if (!recital) return [];
  const R = `/api/mystudio/recitals/${recital}`;
  return [
    { name: 'recital reports', method: 'GET', url: `${R}/reports`, headers: asOwner },
    { name: 'recital buyers', method: 'GET', url: `${R}/reports/buyers?page=1`, headers: asOwner },
    { name: 'recital dancer sheet', method: 'GET', url: `${R}/reports/dancers?page=1`, headers: asOwner },
    { name: 'recital fees', method: 'GET', url: `${R}/fees?page=1`, headers: asOwner },
  ];
}
