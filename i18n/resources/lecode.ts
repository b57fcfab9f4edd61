import type { ResourceLabels } from './types';

const labels: ResourceLabels = {
  en: {
    name: 'Voucher |||| Vouchers',
    fields: { _id: 'Id', code: 'Voucher code', batch: 'Batch', status: 'Status', product: 'Product', quantity: 'Quantity', valid_from: 'Valid from', valid_to: 'Valid until', details: 'Details', integrator: 'Brand', dealer: 'Store', writeofftimestamp: 'Written off at', writeoff_device: 'Written off by robot', writeoff_order: 'Order', create_time: 'Created', count: 'Number of vouchers', q: 'Search' },
    choices: { status: { CREATED: 'Created', SOLD: 'Sold', WRITEOFF: 'Written off', DELETE: 'Voided' } },
    actions: { sell: 'Mark as sold', void: 'Void' },
  },
  zh: {
    name: '乐码 |||| 乐码',
    fields: { _id: '编号', code: '券码', batch: '批次', status: '状态', product: '商品', quantity: '数量', valid_from: '生效时间', valid_to: '失效时间', details: '详情', integrator: '品牌', dealer: '门店', writeofftimestamp: '核销时间', writeoff_device: '核销设备', writeoff_order: '订单', create_time: '创建时间', count: '生成数量', q: '搜索' },
    choices: { status: { CREATED: '已创建', SOLD: '已售出', WRITEOFF: '已核销', DELETE: '已作废' } },
    actions: { sell: '标记为已售', void: '作废' },
  },
  es: {
    name: 'Vale |||| Vales',
    fields: { _id: 'Id', code: 'Código del vale', batch: 'Lote', status: 'Estado', product: 'Producto', quantity: 'Cantidad', valid_from: 'Válido desde', valid_to: 'Válido hasta', details: 'Detalles', integrator: 'Marca', dealer: 'Tienda', writeofftimestamp: 'Canjeado el', writeoff_device: 'Canjeado por el robot', writeoff_order: 'Pedido', create_time: 'Creado', count: 'Número de vales', q: 'Buscar' },
    choices: { status: { CREATED: 'Creado', SOLD: 'Vendido', WRITEOFF: 'Canjeado', DELETE: 'Anulado' } },
    actions: { sell: 'Marcar como vendido', void: 'Anular' },
  },
  ja: {
    name: 'クーポン |||| クーポン',
    fields: { _id: 'ID', code: 'クーポンコード', batch: 'バッチ', status: '状態', product: '商品', quantity: '数量', valid_from: '有効開始', valid_to: '有効期限', details: '詳細', integrator: 'ブランド', dealer: '店舗', writeofftimestamp: '使用日時', writeoff_device: '使用ロボット', writeoff_order: '注文', create_time: '作成日時', count: '発行枚数', q: '検索' },
    choices: { status: { CREATED: '作成済み', SOLD: '販売済み', WRITEOFF: '使用済み', DELETE: '無効' } },
    actions: { sell: '販売済みにする', void: '無効にする' },
  },
};
export default labels;
