import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link, useMatches } from 'react-router';
import { crumbsOf } from '../app/route-handle';

/** A home link plus each matched route name (000 §2). */
export function AppBreadcrumbs({ home }: { home: string }) {
  const crumbs = crumbsOf(useMatches());
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separatorMargin={6}>
        <Anchor component={Link} to={home} c="dimmed" aria-label="Home" display="flex">
          <IconHome size={16} />
        </Anchor>
        {crumbs.map((crumb, i) =>
          crumb.to && i < crumbs.length - 1 ? (
            <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm" c="dimmed">
              {crumb.label}
            </Anchor>
          ) : (
            <Text
              key={crumb.label}
              size="sm"
              c={i === crumbs.length - 1 ? 'dark' : 'dimmed'}
              fw={i === crumbs.length - 1 ? 500 : 400}
            >
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
