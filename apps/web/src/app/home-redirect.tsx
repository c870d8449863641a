import { Navigate } from 'react-router-dom';
import { homePathFor, useRole } from '@/lib/role';

/** `/`: the role's own start (engineers have no dashboard). */
export function HomeRedirect() {
  const { role } = useRole();
  return <Navigate to={homePathFor(role)} replace />;
}
