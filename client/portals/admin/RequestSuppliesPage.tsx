import { PAGE_HEADS } from '../../../core/site/pageHeads';
import RequestSuppliesScreen from '../../features/borrowing/RequestSuppliesScreen';

/** /admin/request-supplies (docs/decisions/supplies.md): staff request supplies requested through the borrow catalogue and cart. */
export default function RequestSuppliesPage() {
  return <RequestSuppliesScreen head={PAGE_HEADS['/admin/request-supplies']} />;
}
