import { Navigate, useParams } from 'react-router';
import { portalOf } from '../../core/roles';
import { useMe } from '../features/auth/api';
import { PageLoader } from '../ui/PageLoader';

/**
 * /r/:code, the short address a room's label prints (docs/decisions/rooms-and-followers.md): the guard has signed
 * the person in; this sends them to the room as their role sees it: the office and the personnel to the room's
 * page, faculty and students to the room view of their portal.
 */
export default function RoomAddress() {
  const { code = '' } = useParams();
  const me = useMe();
  if (!me.data) return <PageLoader />;
  const portal = portalOf(me.data.role);
  const home = portal === 'user' ? '/users' : `/${portal}`;
  return <Navigate to={`${home}/rooms/${encodeURIComponent(code.trim().toUpperCase())}`} replace />;
}
