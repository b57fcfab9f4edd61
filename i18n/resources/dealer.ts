import type { ResourceLabels } from './types';

const labels: ResourceLabels = {
  en: { name: 'Store |||| Stores', fields: { _id: 'Store id', name: 'Name', description: 'Description', integrator: 'Brand', logo: 'Logo', location: 'Location', notify_enabled: 'Notifications', pay_enabled: 'Payments', status: 'Status', create_time: 'Created', q: 'Search' }, actions: { close: 'Close store', reopen: 'Reopen store' }, choices: { status: { normal: 'Open', closed: 'Closed', deleted: 'Deleted' } } },
  zh: { name: '门店 |||| 门店', fields: { _id: '门店编号', name: '名称', description: '描述', integrator: '品牌', logo: '标志', location: '位置', notify_enabled: '通知开关', pay_enabled: '支付开关', status: '状态', create_time: '创建时间', q: '搜索' }, actions: { close: '关闭门店', reopen: '重新开业' }, choices: { status: { normal: '正常', closed: '已关闭', deleted: '已删除' } } },
  es: { name: 'Tienda |||| Tiendas', fields: { _id: 'Id de la tienda', name: 'Nombre', description: 'Descripción', integrator: 'Marca', logo: 'Logotipo', location: 'Ubicación', notify_enabled: 'Notificaciones', pay_enabled: 'Pagos', status: 'Estado', create_time: 'Creada', q: 'Buscar' }, actions: { close: 'Cerrar tienda', reopen: 'Reabrir tienda' }, choices: { status: { normal: 'Abierta', closed: 'Cerrada', deleted: 'Eliminada' } } },
  ja: { name: '店舗 |||| 店舗', fields: { _id: '店舗ID', name: '名称', description: '説明', integrator: 'ブランド', logo: 'ロゴ', location: '所在地', notify_enabled: '通知', pay_enabled: '決済', status: 'ステータス', create_time: '作成日時', q: '検索' }, actions: { close: '店舗を閉鎖', reopen: '営業を再開' }, choices: { status: { normal: '営業中', closed: '閉店', deleted: '削除済み' } } },
};
export default labels;
