// A realistic demo menu per demo store: ice cream at the station, coffee at the mall, milk tea and noodles on
// campus; each product with its properties and options, put into online groups; a few brand templates.
import type { DB } from '../index';
import type { ProductProperty } from '../../../resources/product';
import type { ROBOT_TYPES } from '../../../resources/device';

type RobotType = (typeof ROBOT_TYPES)[number];

type Opt = [code: string, name: string, priceCents?: number];
const prop = (code: string, name: string, options: Opt[], hide = false): ProductProperty => ({
  code,
  name,
  hide,
  options: options.map(([c, n, p]) => ({ code: c, name: n, price: p ?? 0, type: code })),
});

const CONE_SIZE = prop('size', 'Size', [
  ['regular', 'Regular'],
  ['large', 'Large', 300],
]);
const TOPPING = prop('topping', 'Topping', [
  ['none', 'No topping'],
  ['sprinkles', 'Rainbow sprinkles', 100],
  ['choco', 'Chocolate chips', 150],
  ['nuts', 'Roasted nuts', 200],
]);
const HOLDER = prop('holder', 'Served in', [
  ['waffle', 'Waffle cone'],
  ['cup', 'Paper cup'],
]);
const CUP_SIZE = prop('size', 'Size', [
  ['medium', 'Medium (12 oz)'],
  ['large', 'Large (16 oz)', 400],
]);
const MILK = prop('milk', 'Milk', [
  ['whole', 'Whole milk'],
  ['oat', 'Oat milk', 300],
  ['skim', 'Skimmed milk'],
]);
const SUGAR = prop('sugar', 'Sweetness', [
  ['none', 'No sugar'],
  ['less', 'Less sweet'],
  ['normal', 'Normal'],
]);
const TEMP = prop('temp', 'Temperature', [
  ['hot', 'Hot'],
  ['iced', 'Iced'],
]);
const SHOTS = prop('shots', 'Espresso shots', [
  ['single', 'Single'],
  ['double', 'Double', 500],
]);
const PEARLS = prop('pearls', 'Toppings', [
  ['none', 'None'],
  ['pearls', 'Tapioca pearls', 200],
  ['jelly', 'Coconut jelly', 200],
  ['pudding', 'Egg pudding', 300],
]);
const ICE = prop('ice', 'Ice', [
  ['normal', 'Normal ice'],
  ['less', 'Less ice'],
  ['none', 'No ice'],
]);
const SPICE = prop('spice', 'Spiciness', [
  ['mild', 'Mild'],
  ['medium', 'Medium'],
  ['hot', 'Hot'],
]);
const NOODLE = prop('noodle', 'Noodles', [
  ['wheat', 'Wheat noodles'],
  ['rice', 'Rice noodles'],
  ['extra', 'Extra noodles', 300],
]);
// A machine calibration property the robot uses but customers never see.
const MACHINE = prop('calib', 'Dispense profile', [['std', 'Standard']], true);

interface DemoProduct {
  code: string;
  name: string;
  sub_name?: string;
  price: number;
  type: RobotType;
  description: string;
  number: number;
  stock?: number;
  warn_stock?: number;
  properties: ProductProperty[];
}

const MENUS: Record<
  string,
  { integrator: string; groups: Array<{ name: string; tag: string; sortIndex: number; products: DemoProduct[] }> }
> = {
  store_a1: {
    integrator: 'brand_a',
    groups: [
      {
        name: 'Soft serve',
        tag: 'bestseller',
        sortIndex: 10,
        products: [
          {
            code: 'IC-VANILLA',
            name: 'Vanilla cone',
            sub_name: '香草甜筒',
            price: 800,
            type: 'icecream',
            number: 1,
            description: 'Creamy Madagascar vanilla soft serve',
            stock: 120,
            warn_stock: 20,
            properties: [CONE_SIZE, TOPPING, HOLDER, MACHINE],
          },
          {
            code: 'IC-CHOCO',
            name: 'Chocolate cone',
            sub_name: '巧克力甜筒',
            price: 900,
            type: 'icecream',
            number: 2,
            description: 'Dark Belgian chocolate soft serve',
            stock: 80,
            warn_stock: 15,
            properties: [CONE_SIZE, TOPPING, HOLDER, MACHINE],
          },
          {
            code: 'IC-SWIRL',
            name: 'Twist swirl',
            sub_name: '双拼甜筒',
            price: 950,
            type: 'icecream',
            number: 3,
            description: 'Half vanilla, half chocolate',
            properties: [CONE_SIZE, TOPPING, HOLDER],
          },
        ],
      },
      {
        name: 'Sundaes',
        tag: 'new',
        sortIndex: 20,
        products: [
          {
            code: 'IC-STRAW-SUN',
            name: 'Strawberry sundae',
            sub_name: '草莓圣代',
            price: 1500,
            type: 'icecream',
            number: 4,
            description: 'Vanilla soft serve with strawberry sauce',
            stock: 4,
            warn_stock: 5,
            properties: [CONE_SIZE, TOPPING],
          },
          {
            code: 'IC-MATCHA-SUN',
            name: 'Matcha sundae',
            sub_name: '抹茶圣代',
            price: 1600,
            type: 'icecream',
            number: 5,
            description: 'Uji matcha soft serve with red beans',
            stock: 0,
            warn_stock: 5,
            properties: [CONE_SIZE],
          },
        ],
      },
    ],
  },
  store_a2: {
    integrator: 'brand_a',
    groups: [
      {
        name: 'Espresso bar',
        tag: 'coffee',
        sortIndex: 10,
        products: [
          {
            code: 'CF-AMERICANO',
            name: 'Americano',
            sub_name: '美式咖啡',
            price: 1500,
            type: 'coffee',
            number: 1,
            description: 'Double espresso topped with hot water',
            properties: [CUP_SIZE, TEMP, SHOTS, SUGAR],
          },
          {
            code: 'CF-LATTE',
            name: 'Caffe latte',
            sub_name: '拿铁',
            price: 1800,
            type: 'coffee',
            number: 2,
            description: 'Espresso with steamed milk',
            stock: 200,
            warn_stock: 30,
            properties: [CUP_SIZE, MILK, TEMP, SUGAR],
          },
          {
            code: 'CF-CAPPU',
            name: 'Cappuccino',
            sub_name: '卡布奇诺',
            price: 1800,
            type: 'coffee',
            number: 3,
            description: 'Espresso, steamed milk and thick foam',
            properties: [CUP_SIZE, MILK, SUGAR],
          },
          {
            code: 'CF-MOCHA',
            name: 'Mocha',
            sub_name: '摩卡',
            price: 2000,
            type: 'coffee',
            number: 4,
            description: 'Espresso, chocolate and steamed milk',
            properties: [CUP_SIZE, MILK, TEMP],
          },
        ],
      },
      {
        name: 'Coffee + ice cream',
        tag: 'special',
        sortIndex: 20,
        products: [
          {
            code: 'CI-AFFOGATO',
            name: 'Affogato',
            sub_name: '阿芙佳朵',
            price: 2200,
            type: 'coffee_icecream',
            number: 5,
            description: 'Vanilla ice cream drowned in espresso',
            stock: 25,
            warn_stock: 5,
            properties: [SHOTS],
          },
        ],
      },
    ],
  },
  store_b1: {
    integrator: 'brand_b',
    groups: [
      {
        name: 'Milk tea',
        tag: 'drinks',
        sortIndex: 10,
        products: [
          {
            code: 'MT-CLASSIC',
            name: 'Classic milk tea',
            sub_name: '经典奶茶',
            price: 1200,
            type: 'milktea',
            number: 1,
            description: 'Assam black tea with fresh milk',
            properties: [CUP_SIZE, PEARLS, SUGAR, ICE],
          },
          {
            code: 'MT-TARO',
            name: 'Taro milk tea',
            sub_name: '香芋奶茶',
            price: 1400,
            type: 'milktea',
            number: 2,
            description: 'Taro paste, jasmine tea and milk',
            properties: [CUP_SIZE, PEARLS, SUGAR, ICE],
          },
        ],
      },
      {
        name: 'Noodles',
        tag: 'hot meals',
        sortIndex: 20,
        products: [
          {
            code: 'ND-BEEF',
            name: 'Braised beef noodles',
            sub_name: '红烧牛肉面',
            price: 2600,
            type: 'noodle',
            number: 3,
            description: 'Slow-braised beef in a rich broth',
            stock: 60,
            warn_stock: 10,
            properties: [NOODLE, SPICE],
          },
          {
            code: 'ND-TOMATO',
            name: 'Tomato egg noodles',
            sub_name: '番茄鸡蛋面',
            price: 1900,
            type: 'noodle',
            number: 4,
            description: 'Tomato and scrambled egg soup noodles',
            stock: 40,
            warn_stock: 10,
            properties: [NOODLE, SPICE],
          },
        ],
      },
    ],
  },
};

const TEMPLATES: Record<string, string[]> = {
  brand_a: ['IC-VANILLA', 'CF-LATTE', 'CI-AFFOGATO'],
  brand_b: ['MT-CLASSIC'],
};

export default async function seedCatalog(db: DB) {
  const byCode = new Map<string, DemoProduct>();
  for (const [dealer, menu] of Object.entries(MENUS)) {
    for (const g of menu.groups) {
      const products = g.products.map((p) => {
        byCode.set(p.code, p);
        return {
          _id: `demo_${dealer}_${p.code.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`,
          integrator: menu.integrator,
          dealer,
          code: p.code,
          name: p.name,
          sub_name: p.sub_name ?? null,
          price: p.price,
          type: p.type,
          description: p.description,
          number: p.number,
          stock: p.stock ?? -1,
          warn_stock: p.warn_stock ?? 0,
          properties: JSON.stringify(p.properties),
        };
      });
      await db.insertInto('product').values(products).execute();
      await db
        .insertInto('product_classify')
        .values({
          _id: `demo_${dealer}_group_${g.sortIndex}`,
          integrator: menu.integrator,
          dealer,
          name: g.name,
          tag: g.tag,
          sortIndex: g.sortIndex,
          products: products.map((p) => p._id),
          online: true,
        })
        .execute();
    }
  }
  for (const [integrator, codes] of Object.entries(TEMPLATES)) {
    await db
      .insertInto('template')
      .values(
        codes.map((code) => {
          const p = byCode.get(code)!;
          return {
            _id: `demo_tpl_${integrator}_${code.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`,
            integrator,
            code,
            name: p.name,
            sub_name: p.sub_name ?? null,
            price: p.price,
            type: p.type,
            description: p.description,
            number: p.number,
            warn_stock: p.warn_stock ?? 0,
            properties: JSON.stringify(p.properties),
          };
        }),
      )
      .execute();
  }
}
