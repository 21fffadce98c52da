import { useParams } from 'react-router';
import { RoomPage } from '../../features/locations/RoomPage';
import { RoomReports } from '../../features/repairs/RoomReports';

/** /admin/rooms/:code (docs/decisions/rooms-and-followers.md): a room's details, reports and history for the office. */
export default function AdminRoomPage() {
  const { code = '' } = useParams();
  return <RoomPage key={code} code={code} portal="admin" reports={(roomId) => <RoomReports roomId={roomId} portal="admin" />} />;
}
