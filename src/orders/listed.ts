// What the order list shows, apart from how it shows it: its columns, and what it asks the server for.
import order from '../../resources/order';

/** The list's columns: what a store looks for first; the channel and work status are on the order page. */
export const COLUMNS = [
  'create_time',
  'pickup_code',
  'status',
  'pay_status',
  'amount',
  'refund_status',
  'device_name',
  'dealer',
  'integrator',
];

const card = order.list.card;
const cardNames = [card.primary, card.secondary, card.tertiary, card.status].flatMap((l) =>
  l === undefined ? [] : typeof l === 'string' ? [l] : [...l],
);

/**
 * What the list shows — its columns, the forwarded tab's, a phone's card — is all it asks the server for (`fields`,
 * docs/api.md): an order's products, flow and payment are on its page, and were two thirds of a list page's bytes
 * (docs/performance.md, "As a browser pays it").
 */
export const LISTED_FIELDS = [...new Set([...COLUMNS, 'forward_from', ...cardNames])];
