// Refunds: the list with filters and export; approval has its own page (src/orders/RefundList.tsx).
import { RefundList } from '../orders/RefundList';

export default { list: RefundList };
