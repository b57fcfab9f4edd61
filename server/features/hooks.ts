// Per-resource server behaviour beyond the declaration; importing registers it.
import './user';
import './role';
import './device';
import './dealer';
import './message';
import './alarm';
import './report';
import './catalog';
import './order';
import './authorization';
import './webhook';
import './restock';
