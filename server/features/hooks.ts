// Per-resource server behaviour beyond the declaration; importing registers it.
import './accounts/user';
import './accounts/role';
import './fleet/device';
import './fleet/dealer';
import './messages/hooks';
import './alarms/hooks';
import './service/report';
import './catalog/product';
import './orders/order';
import './accounts/authorization';
import './webhooks/hooks';
import './catalog/restock';
