import { useParams } from 'react-router';
import { RoomPage } from '../../features/locations/RoomPage';
import { RoomReports } from '../../features/repairs/RoomReports';

/** /personnel/rooms/:code (docs/decisions/rooms-and-followers.md): a room's details, reports and history. */
export default function PersonnelRoomPage() {
  const { code = '' } = useParams();
  return <RoomPage key={code} code={code} portal="personnel" reports={(roomId) => <RoomReports roomId={roomId} portal="personnel" />} />;
}
