import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { OFFICE_ROLES, PORTAL_HOME, portalOf } from '../../../core/roles';
import { UNIT_MSG } from '../../../core/inventory/units';
import { AppLink } from '../../lib/navigation';
import { PageLoader } from '../../ui/PageLoader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useMe } from '../auth/api';
import { useUnitLookup } from './api';

/**
 * The short address on a unit's label, /u/TAG (docs/decisions/units.md), for whoever scans it (signed in first by
 * the guard): the office and personnel open the unit's page; a student or faculty member lands on Borrow Items
 * showing the unit's item; an unknown tag says so.
 */
export default function ShortUnit() {
  const tag = useParams().tag ?? '';
  const me = useMe();
  const found = useUnitLookup(tag);
  useDocumentTitle(`Unit ${tag.toUpperCase()}`);
  if (me.isPending || found.isPending) return <PageLoader />;
  const role = me.data?.role;
  if (found.data && role) {
    if (OFFICE_ROLES.includes(role))
      return <Navigate replace to={`${PORTAL_HOME[portalOf(role)]}/units/${encodeURIComponent(found.data.unit?.tag ?? tag)}`} />;
    return <Navigate replace to={`/users/borrow-item?q=${encodeURIComponent(found.data.itemName)}`} />;
  }
  const home = role ? PORTAL_HOME[portalOf(role)] : '/';
  return (
    <Stack align="center" p="xl">
      <Card withBorder maw={480} w="100%">
        <Stack gap="sm">
          <Title order={1} size="h3">
            Unit {tag.toUpperCase()} not found
          </Title>
          <Text size="sm" role="alert">
            {found.error?.message ?? UNIT_MSG.unitNotFound} Check the tag on the label, or ask the General Services Office.
          </Text>
          <Button component={AppLink} to={home} variant="light">
            Go to my home page
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
