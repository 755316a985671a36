import { Navigate, Outlet } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { isAdmin, useSession } from '../../../shared/session';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { useTwoFactorStatus } from '../hooks/use-settings';

/** Where an admin without two-factor is sent: the two-factor section of /settings. */
export const TWO_FACTOR_SETUP_PATH = `${ROUTES.settings}#two-factor`;

/**
 * Around the signed-in pages other than /settings: an admin without two-factor is sent to set it up
 * (the server refuses them everything else anyway). Nobody else waits for anything.
 */
export function TwoFactorGate() {
  const { user } = useSession();
  const admin = isAdmin(user);
  const status = useTwoFactorStatus({ enabled: admin });
  if (!admin) return <Outlet />;
  if (status.data?.enabled === false) return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  if (status.isPending) return <PageLoading />;
  return <Outlet />;
}
