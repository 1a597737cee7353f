import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { LoadError } from '../../components/load-error';
import { useMe } from '../../lib/use-session';
import { type Access, guardRedirect } from './guard-decision';

/** A layout route that lets its pages show only to whom `access` allows (000 §6). */
export function RouteGuard({ access }: { access: Exclude<Access, 'public'> }) {
  const location = useLocation();
  const me = useMe();
  if (me.isPending) return <FullPageLoader />;
  if (me.isError) {
    // A guest page still works when the session cannot be read; a guarded one cannot.
    if (access === 'guest') return <Outlet />;
    return <LoadError onRetry={() => me.refetch()} />;
  }
  const to = guardRedirect(access, me.data, location);
  if (to && to !== `${location.pathname}${location.search}`) return <Navigate to={to} replace />;
  return <Outlet />;
}
