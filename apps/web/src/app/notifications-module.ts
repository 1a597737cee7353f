/** Mantine's notifications on screen (their transitions, their scroll-bar shift), loaded by providers.tsx with the first one. */
export { Notifications } from '@mantine/notifications';
