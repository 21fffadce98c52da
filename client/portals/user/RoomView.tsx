import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { MSG } from '../../../core/messages';
import { useMe } from '../../features/auth/api';
import { useRoomByCode } from '../../features/locations/api';
import { AlreadyReported } from '../../features/repairs/AlreadyReported';
import { useRoomOpenReports } from '../../features/repairs/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { RoomLoadError } from '../../features/locations/RoomLoadError';

/** The faculty member's part: the room's open reports to follow, and "Report a problem here". */
function FacultyRoom({ roomId, building, room }: { roomId: number; building: string; room: string }) {
  const open = useRoomOpenReports(roomId);
  return (
    <Stack gap="md">
      {open.isPending && (
        <Text size="sm" role="status">
          {MSG.loadingReports}
        </Text>
      )}
      {open.isError && <ErrorAlert message={open.error.message} />}
      {open.data && open.data.total === 0 && (
        <Card withBorder>
          <Text>No open repair reports for this room.</Text>
        </Card>
      )}
      <AlreadyReported roomId={roomId} roomName={room} />
      <Group>
        <Button
          component={Link}
          to="/users/report-repairs?view=new"
          state={{ place: { building, room } }}
          leftSection={<IconTool size={18} />}
        >
          Report a problem here
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /users/rooms/:code, where a room label's short address (/r/CODE) takes faculty and students
 * (docs/decisions/rooms-and-followers.md): the room's name and building; for faculty its open reports to follow and
 * "Report a problem here" with the room filled in; for students, that repair reports are filed by faculty.
 */
export default function RoomView() {
  const { code = '' } = useParams();
  const me = useMe();
  const room = useRoomByCode(code);
  if (room.isPending || !me.data) return <PageLoader />;
  if (room.isError) return <RoomLoadError error={room.error} onRetry={() => room.refetch()} />;
  const r = room.data;
  return (
    <Stack gap={0}>
      <PageHeader title={r.name} subtitle={`${r.buildingName} · ${r.code}${r.floor ? ` · Floor ${r.floor}` : ''}`} />
      {me.data.role === 'faculty' ? (
        <FacultyRoom roomId={r.id} building={r.buildingName} room={r.name} />
      ) : (
        <Card withBorder>
          <Text>{MSG.repairsFacultyOnly} If something in this room needs fixing, please tell a faculty member or the office.</Text>
        </Card>
      )}
    </Stack>
  );
}
