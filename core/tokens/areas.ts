/**
 * Which area of the API each operation belongs to, for API tokens (docs/decisions/api-tokens.md): one place, by
 * endpoint table. An operation in no area (sign-in, passwords, one's own account and settings, the tokens
 * themselves, and every table not listed) refuses tokens.
 */
import { accountEndpoints } from '../accounts/endpoints';
import { borrowingEndpoints } from '../borrowing/endpoints';
import type { Endpoint } from '../common/endpoint';
import { custodyEndpoints } from '../custody/endpoints';
import { departmentEndpoints } from '../departments/endpoints';
import { countEndpoints } from '../inventory/countEndpoints';
import { inventoryEndpoints } from '../inventory/endpoints';
import { stockEndpoints } from '../inventory/stockEndpoints';
import { locationEndpoints } from '../locations/endpoints';
import { maintenanceEndpoints } from '../maintenance/endpoints';
import { repairEndpoints } from '../repairs/endpoints';
import { repairPhotoEndpoints } from '../repairs/photoEndpoints';
import { scheduleEndpoints } from '../schedule/endpoints';
import type { TokenArea } from './rules';

export const AREA_TABLES: readonly (readonly [TokenArea, Record<string, Endpoint>])[] = [
  ['borrowing', borrowingEndpoints],
  ['repairs', repairEndpoints],
  ['repairs', repairPhotoEndpoints],
  ['repairs', scheduleEndpoints],
  ['repairs', maintenanceEndpoints],
  ['inventory', inventoryEndpoints],
  ['inventory', stockEndpoints],
  ['inventory', custodyEndpoints],
  ['inventory', countEndpoints],
  ['locations', locationEndpoints],
  ['people', accountEndpoints],
  ['people', departmentEndpoints],
];

/** One's own profile is a person's, not an integration's. */
const ownAccount = (ep: Endpoint) => ep.path === '/api/me' || ep.path.startsWith('/api/me/');

const AREA_OF = new Map<Endpoint, TokenArea>(
  AREA_TABLES.flatMap(([area, table]) =>
    Object.values(table)
      .filter((ep) => !ownAccount(ep))
      .map((ep) => [ep, area] as const),
  ),
);

/** What a token needs to call an operation: its area and read (GET) or write (anything else); null: no token may. */
export function scopeNeeded(ep: Endpoint | undefined): { area: TokenArea; needs: 'read' | 'write' } | null {
  const area = ep && AREA_OF.get(ep);
  return area ? { area, needs: ep.method === 'GET' ? 'read' : 'write' } : null;
}
