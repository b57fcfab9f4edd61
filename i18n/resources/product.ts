import type { ResourceLabels } from './types';

// Shared by product and template (a template has the product's shape).
export const productTypes = {
  en: { icecream: 'Ice cream', coffee: 'Coffee', coffee_icecream: 'Coffee + ice cream', noodle: 'Noodles', milktea: 'Milk tea', fastfood: 'Fast food' },
  zh: { icecream: '冰淇淋', coffee: '咖啡', coffee_icecream: '咖啡+冰淇淋', noodle: '面食', milktea: '奶茶', fastfood: '快餐' },
  es: { icecream: 'Helados', coffee: 'Café', coffee_icecream: 'Café + helados', noodle: 'Fideos', milktea: 'Té con leche', fastfood: 'Comida rápida' },
  ja: { icecream: 'アイスクリーム', coffee: 'コーヒー', coffee_icecream: 'コーヒー＋アイス', noodle: '麺類', milktea: 'ミルクティー', fastfood: 'ファストフード' },
};

export const productFields = {
  en: { _id: 'Id', code: 'Code', name: 'Display name', sub_name: 'Secondary name', price: 'Price (¥)', type: 'Type', description: 'Description', image: 'Image (300×300)', buy_limit: 'Buy limit per order', warn_stock: 'Stock warning at', number: 'Number', properties: 'Properties', hide: 'Hidden', integrator: 'Brand', create_time: 'Created', q: 'Search' },
  zh: { _id: '编号', code: '编码', name: '显示名称', sub_name: '副名称', price: '价格（元）', type: '类型', description: '描述', image: '图片（300×300）', buy_limit: '每单限购', warn_stock: '库存预警值', number: '序号', properties: '属性', hide: '隐藏', integrator: '品牌', create_time: '创建时间', q: '搜索' },
  es: { _id: 'Id', code: 'Código', name: 'Nombre visible', sub_name: 'Nombre secundario', price: 'Precio (¥)', type: 'Tipo', description: 'Descripción', image: 'Imagen (300×300)', buy_limit: 'Límite por pedido', warn_stock: 'Aviso de stock en', number: 'Número', properties: 'Propiedades', hide: 'Oculto', integrator: 'Marca', create_time: 'Creado', q: 'Buscar' },
  ja: { _id: 'ID', code: 'コード', name: '表示名', sub_name: 'サブ名称', price: '価格（元）', type: '種別', description: '説明', image: '画像（300×300）', buy_limit: '1 注文の購入上限', warn_stock: '在庫警告しきい値', number: '番号', properties: '属性', hide: '非表示', integrator: 'ブランド', create_time: '作成日時', q: '検索' },
};

const labels: ResourceLabels = {
  en: {
    name: 'Product |||| Products',
    fields: { ...productFields.en, dealer: 'Store', devices: 'Sell on robots', stock: 'Stock', freeze: 'Unlisted', quantity: 'Quantity' },
    choices: { type: productTypes.en },
    actions: { stock: 'Adjust stock', restock: 'Restock', freeze: 'Unlist', unfreeze: 'List' },
  },
  zh: {
    name: '商品 |||| 商品',
    fields: { ...productFields.zh, dealer: '门店', devices: '售卖设备', stock: '库存', freeze: '已下架', quantity: '数量' },
    choices: { type: productTypes.zh },
    actions: { stock: '调整库存', restock: '补货', freeze: '下架', unfreeze: '上架' },
  },
  es: {
    name: 'Producto |||| Productos',
    fields: { ...productFields.es, dealer: 'Tienda', devices: 'Vender en robots', stock: 'Stock', freeze: 'Retirado', quantity: 'Cantidad' },
    choices: { type: productTypes.es },
    actions: { stock: 'Ajustar stock', restock: 'Reponer', freeze: 'Retirar de la venta', unfreeze: 'Poner a la venta' },
  },
  ja: {
    name: '商品 |||| 商品',
    fields: { ...productFields.ja, dealer: '店舗', devices: '販売ロボット', stock: '在庫', freeze: '販売停止中', quantity: '数量' },
    choices: { type: productTypes.ja },
    actions: { stock: '在庫を調整', restock: '補充', freeze: '販売停止', unfreeze: '販売再開' },
  },
};
export default labels;
