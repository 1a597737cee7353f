import type { UIMatch } from 'react-router';

/** What a route tells the breadcrumb: its name, and whether its path is a page of its own. */
export type RouteHandle = { crumb?: string; link?: boolean };

export type Crumb = { label: string; to: string | null };

/** Each matched route name, in order; a name repeated by an index route is shown once. */
export function crumbsOf(matches: UIMatch[]): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (!handle?.crumb) continue;
    const last = crumbs[crumbs.length - 1];
    if (last && last.label === handle.crumb) continue;
    crumbs.push({ label: handle.crumb, to: handle.link === false ? null : match.pathname });
  }
  return crumbs;
}
