import type { ResourceLabels } from './types';
import device from './device';

const types = (lang: keyof typeof device) => device[lang].choices!.type;

const labels: ResourceLabels = {
  en: {
    name: 'Restock |||| Restock',
    fields: {
      _id: 'Id', sold_out: 'Sold out', dealer: 'Store', devices: 'Robots', code: 'Code', name: 'Product', stock: 'Stock',
      warn_stock: 'Warning at', reported: 'Robot reports', type: 'Robot type', integrator: 'Brand', urgency: 'Urgency', quantity: 'Add', fill_to: 'Fill to', q: 'Search',
    },
    actions: { apply: 'Restock' },
    lines: { apply: { title: 'Restock %{smart_count} product |||| Restock %{smart_count} products', hint: 'All lines are restocked together, or none if one is refused.', which: 'How', amount: 'Quantity', done: '%{smart_count} product restocked |||| %{smart_count} products restocked' } },
    choices: { type: types('en') },
  },
  zh: {
    name: '补货 |||| 补货',
    fields: {
      _id: '编号', sold_out: '已售罄', dealer: '门店', devices: '设备', code: '编码', name: '商品', stock: '库存',
      warn_stock: '预警库存', reported: '设备上报', type: '机器类型', integrator: '品牌', urgency: '紧急程度', quantity: '增加', fill_to: '补足到', q: '搜索',
    },
    actions: { apply: '补货' },
    lines: { apply: { title: '为 %{smart_count} 个商品补货 |||| 为 %{smart_count} 个商品补货', hint: '所有行一起补货；任一行被拒绝则全部不补。', which: '方式', amount: '数量', done: '已为 %{smart_count} 个商品补货 |||| 已为 %{smart_count} 个商品补货' } },
    choices: { type: types('zh') },
  },
  es: {
    name: 'Reposición |||| Reposición',
    fields: {
      _id: 'Id', sold_out: 'Agotado', dealer: 'Tienda', devices: 'Robots', code: 'Código', name: 'Producto', stock: 'Existencias',
      warn_stock: 'Aviso en', reported: 'El robot informa', type: 'Tipo de robot', integrator: 'Marca', urgency: 'Urgencia', quantity: 'Añadir', fill_to: 'Completar hasta', q: 'Buscar',
    },
    actions: { apply: 'Reponer' },
    lines: { apply: { title: 'Reponer %{smart_count} producto |||| Reponer %{smart_count} productos', hint: 'Todas las líneas se reponen juntas, o ninguna si se rechaza una.', which: 'Cómo', amount: 'Cantidad', done: '%{smart_count} producto repuesto |||| %{smart_count} productos repuestos' } },
    choices: { type: types('es') },
  },
  ja: {
    name: '補充 |||| 補充',
    fields: {
      _id: 'ID', sold_out: '売り切れ', dealer: '店舗', devices: 'ロボット', code: 'コード', name: '商品', stock: '在庫',
      warn_stock: '警告在庫', reported: 'ロボットの報告', type: 'ロボット種別', integrator: 'ブランド', urgency: '緊急度', quantity: '追加', fill_to: '目標在庫', q: '検索',
    },
    actions: { apply: '補充' },
    lines: { apply: { title: '%{smart_count} 件の商品を補充 |||| %{smart_count} 件の商品を補充', hint: 'すべての行をまとめて補充します。1 行でも拒否されると何も補充されません。', which: '方法', amount: '数量', done: '%{smart_count} 件の商品を補充しました |||| %{smart_count} 件の商品を補充しました' } },
    choices: { type: types('ja') },
  },
};

export default labels;
