/** The invitations about to go: to every parent not yet invited, or to those picked; how many e-mails. */
export type Sending = { all: boolean; count: number };

/** The most parents one request invites by their ids (`sendInvitationsInput`). */
export const MAX_PICKED = 500;

/** The picked ids with one more or one less. */
export function pickedAfterToggle(picked: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(picked);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The whole page picked, or when it all was, none of it (the other pages' picks kept). */
export function pickedAfterTogglePage(
  picked: ReadonlySet<string>,
  page: readonly { id: string }[],
): Set<string> {
  const next = new Set(picked);
  const all = page.length > 0 && page.every((p) => next.has(p.id));
  for (const p of page) {
    if (all) next.delete(p.id);
    else next.add(p.id);
  }
  return next;
}
