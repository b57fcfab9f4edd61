import type { ResourceLabels } from './types';

const labels: ResourceLabels = {
  en: { name: 'Brand |||| Brands', fields: { _id: 'Brand id', name: 'Name', description: 'Description', logo: 'Logo', poster: 'Poster / waiting screen', service_qr: 'Customer-service QR code', service_phone: 'Customer-service phone', location: 'Location', pay_info: 'Payment settings', notify_info: 'Notification settings', pickup_config: 'Food pickup settings', create_time: 'Created', q: 'Search' } },
  zh: { name: '品牌 |||| 品牌', fields: { _id: '品牌编号', name: '名称', description: '描述', logo: '标志', poster: '海报/待机画面', service_qr: '客服二维码', service_phone: '客服电话', location: '位置', pay_info: '支付配置', notify_info: '通知配置', pickup_config: '取餐配置', create_time: '创建时间', q: '搜索' } },
  es: { name: 'Marca |||| Marcas', fields: { _id: 'Id de la marca', name: 'Nombre', description: 'Descripción', logo: 'Logotipo', poster: 'Póster / pantalla de espera', service_qr: 'Código QR de atención al cliente', service_phone: 'Teléfono de atención al cliente', location: 'Ubicación', pay_info: 'Configuración de pago', notify_info: 'Configuración de avisos', pickup_config: 'Configuración de recogida', create_time: 'Creada', q: 'Buscar' } },
  ja: { name: 'ブランド |||| ブランド', fields: { _id: 'ブランドID', name: '名称', description: '説明', logo: 'ロゴ', poster: 'ポスター／待機画面', service_qr: 'カスタマーサービスQRコード', service_phone: 'カスタマーサービス電話', location: '所在地', pay_info: '決済設定', notify_info: '通知設定', pickup_config: '受け取り設定', create_time: '作成日時', q: '検索' } },
};
export default labels;
