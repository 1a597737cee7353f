/** Mantine's Tooltip alone (and the floating-ui it positions with), for row-actions.tsx to load on demand. */
export { Tooltip } from '@mantine/core';
