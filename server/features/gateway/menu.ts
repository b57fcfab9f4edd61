// The robot's menu (GET /api/device-gateway/menu): listed, visible, in-stock products of its store's online,
// shown groups, in order, and the menu's version (docs/commands.md, menu sync).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db';
import { ok } from '../../http/envelope';
import { route, obj, str, int, list, nullable } from '../../http/schema';
import type { ProductProperty } from '../../../resources/product';
import { menuServed } from '../fleet/menuSync';
import { deviceOf } from './auth';
import { menuGroups, menuProducts } from '../catalog/queries';

export interface MenuProduct {
  _id: string;
  code: string;
  name: string;
  sub_name: string | null;
  price: number;
  type: string;
  description: string | null;
  image: string | null;
  buy_limit: number | null;
  stock: number;
  number: number;
  properties: ProductProperty[];
}

/** The robot's menu: listed, visible, in-stock products of its store's online, shown groups, in order. */
export async function menuOf(db: DB, device: { _id: string; dealer: string | null }) {
  if (!device.dealer) return { dealer: null, groups: [] };
  const groups = await menuGroups(db, device.dealer);
  const ids = [...new Set(groups.flatMap((g) => g.products))];
  const rows = ids.length ? await menuProducts(db, device.dealer, ids) : [];
  const byId = new Map<string, MenuProduct>();
  for (const r of rows) {
    // A product limited to some robots is offered only on those.
    if (r.devices.length && !r.devices.includes(device._id)) continue;
    const { devices: _d, ...p } = r;
    byId.set(r._id, { ...p, properties: r.properties.filter((x) => !x.hide) });
  }
  return {
    dealer: device.dealer,
    groups: groups
      .map((g) => ({
        _id: g._id,
        name: g.name,
        tag: g.tag,
        sortIndex: g.sortIndex,
        products: g.products.map((id) => byId.get(id)).filter((p): p is MenuProduct => !!p),
      }))
      .filter((g) => g.products.length > 0),
  };
}

/** The menu's version (docs/commands.md, menu sync): a digest of exactly what it lists, so a robot that reports
 * it (sync_menu's acknowledgement) says which menu it runs, and any price or listing change makes another. */
export function menuVersion(groups: ReadonlyArray<{ products: ReadonlyArray<{ stock?: unknown }> }>): string {
  // stock counts move with every sale: what is offered matters, not how many are left
  const listed = groups.map((g) => ({ ...g, products: g.products.map(({ stock: _s, ...p }) => p) }));
  return createHash('sha256').update(JSON.stringify(listed)).digest('hex').slice(0, 16);
}

export function menuRoutes(app: FastifyInstance, db: DB) {
  app.get(
    '/api/device-gateway/menu',
    {
      schema: route({
        tags: ['device-gateway'],
        security: 'device',
        summary:
          "Listed, in-stock products of the store's online groups, in order, with visible properties and options",
        data: obj(
          {
            version: str("a digest of what this menu lists: report it in sync_menu's acknowledgement"),
            dealer: nullable(str('the store the robot serves; null (and no groups) when bound to none')),
            groups: {
              type: 'array',
              items: obj(
                {
                  _id: str(),
                  name: str(),
                  tag: str(),
                  sortIndex: int(),
                  products: {
                    type: 'array',
                    items: obj(
                      {
                        _id: str(),
                        code: str(),
                        name: str(),
                        price: int('cents'),
                        stock: int('-1: unlimited'),
                        properties: list(
                          obj(
                            {
                              code: str(),
                              name: str(),
                              options: list(obj({ code: str(), name: str(), price: int('cents') }, ['code', 'price'])),
                            },
                            ['code', 'options'],
                          ),
                          { description: 'the visible properties, each with the options a customer picks from' },
                        ),
                      },
                      ['_id', 'code', 'name', 'price', 'properties'],
                    ),
                  },
                },
                ['_id', 'name', 'products'],
              ),
            },
          },
          ['version', 'dealer', 'groups'],
        ),
      }),
    },
    async (req) => {
      const device = deviceOf(req);
      const menu = await menuOf(db, device);
      const version = menuVersion(menu.groups);
      await menuServed(db, device._id, version);
      return ok({ version, ...menu });
    },
  );
}
