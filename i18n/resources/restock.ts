import type { ResourceLabels } from './types';
import device from './device';

const types = (lang: keyof typeof device) => device[lang].choices!.type;

const labels: ResourceLabels = {
  en: {
    name: 'Restock |||| Restock',
    fields: {
      _id: 'Id', sold_out: 'Sold out', dealer: 'Store', devices: 'Robots', code: 'Code', name: 'Product', stock: 'Stock',
      warn_stock: 'Warning at', reported: 'Robot reports', type: 'Robot type', integrator: 'Brand', urgency: 'Urgency', q: 'Search',
    },
    choices: { type: types('en') },
  },
  zh: {
    name: '补货 |||| 补货',
    fields: {
      _id: '编号', sold_out: '已售罄', dealer: '门店', devices: '设备', code: '编码', name: '商品', stock: '库存',
      warn_stock: '预警库存', reported: '设备上报', type: '机器类型', integrator: '品牌', urgency: '紧急程度', q: '搜索',
    },
    choices: { type: types('zh') },
  },
  es: {
    name: 'Reposición |||| Reposición',
    fields: {
      _id: 'Id', sold_out: 'Agotado', dealer: 'Tienda', devices: 'Robots', code: 'Código', name: 'Producto', stock: 'Existencias',
      warn_stock: 'Aviso en', reported: 'El robot informa', type: 'Tipo de robot', integrator: 'Marca', urgency: 'Urgencia', q: 'Buscar',
    },
    choices: { type: types('es') },
  },
  ja: {
    name: '補充 |||| 補充',
    fields: {
      _id: 'ID', sold_out: '売り切れ', dealer: '店舗', devices: 'ロボット', code: 'コード', name: '商品', stock: '在庫',
      warn_stock: '警告在庫', reported: 'ロボットの報告', type: 'ロボット種別', integrator: 'ブランド', urgency: '緊急度', q: '検索',
    },
    choices: { type: types('ja') },
  },
};

export default labels;
