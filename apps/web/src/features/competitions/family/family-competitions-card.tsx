/** A family's competition entries (issue 19 point 5). Placeholder. */
export function AccountCompetitions(_props: { accountId: string }) {
  return null;
}

export function ParentCompetitionsCard(_props: { studioName: string }) {
  return null;
}
