// Orders: a list with the filters, the forwarded orders and export; an order page with everything
// that happened to the sale (src/orders).
import { OrderList } from '../orders/OrderList';
import { OrderShow } from '../orders/OrderShow';

export default { list: OrderList, show: OrderShow };
