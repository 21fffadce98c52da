import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { SUPPLY_MSG } from '../../../core/inventory/supplies';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { hrefOf } from '../../lib/api';

/** The Issue Slip PDF of a request that issued supplies (docs/decisions/supplies.md), opened in a new tab; nothing before. */
export function IssueSlipButton({ request: r, size = 'xs' }: { request: BorrowRequestDto; size?: 'xs' | 'sm' | 'compact-sm' }) {
  if (r.totalIssued === 0) return null;
  return (
    <Button
      component="a"
      href={hrefOf('/api/borrow-requests/:id/issue-slip.pdf', { params: { id: r.id } })}
      target="_blank"
      rel="noopener"
      size={size}
      variant="default"
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      aria-label={`${SUPPLY_MSG.issueSlip} of ${r.code}`}
    >
      {SUPPLY_MSG.issueSlip}
    </Button>
  );
}
