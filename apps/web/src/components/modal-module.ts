/** Mantine's Modal alone, for `LazyModal` (lazy-dialog.tsx) to load when a dialog first opens. */
export { Modal } from '@mantine/core';
