import { Outlet, ScrollRestoration } from 'react-router';
import { SessionWatch } from '../session-watch';

export function RootLayout() {
  return (
    <>
      <SessionWatch />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
