import { PAGE_HEADS } from '../../../core/site/pageHeads';
import RequestSuppliesScreen from '../../features/borrowing/RequestSuppliesScreen';

/** /personnel/request-supplies (docs/decisions/supplies.md): supplies requested through the borrow catalogue and cart. */
export default function RequestSuppliesPage() {
  return <RequestSuppliesScreen head={PAGE_HEADS['/personnel/request-supplies']} />;
}
