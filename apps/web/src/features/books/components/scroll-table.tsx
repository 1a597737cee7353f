import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table wider than a phone, scrolled sideways inside its card: the scrolling box takes the keyboard's
 * focus (arrow keys scroll it) and is named, as axe-core asks of a scrollable region.
 */
export function ScrollTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
