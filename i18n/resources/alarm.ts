import type { ResourceLabels } from './types';
import device from './device';
import type { NotifyCategory } from '../../resources/notify_codes';

// robot types read as on the robots' own screens
const types = (lang: keyof typeof device) => device[lang].choices!.type;

/** A notification's category (resources/notify_codes.ts) in words: an alarm's and a message's page show it. */
export const CATEGORY_LABELS = {
  en: { connection: 'Connection', stock: 'Stock', robot_arm: 'Robot arm', icecream: 'Ice cream', milk: 'Milk', cup: 'Cups', change: 'Change', coffee: 'Coffee', coffee_connection: 'Coffee machine link', ice_maker: 'Ice maker', printer: 'Printer', business: 'Business hours', order: 'Orders', coffee_hardware: 'Coffee hardware' },
  zh: { connection: '连接', stock: '库存', robot_arm: '机械臂', icecream: '冰淇淋', milk: '牛奶', cup: '杯子', change: '找零', coffee: '咖啡', coffee_connection: '咖啡机连接', ice_maker: '制冰机', printer: '打印机', business: '营业状态', order: '订单', coffee_hardware: '咖啡机硬件' },
  es: { connection: 'Conexión', stock: 'Existencias', robot_arm: 'Brazo robótico', icecream: 'Helado', milk: 'Leche', cup: 'Vasos', change: 'Cambio', coffee: 'Café', coffee_connection: 'Enlace de la cafetera', ice_maker: 'Máquina de hielo', printer: 'Impresora', business: 'Horario comercial', order: 'Pedidos', coffee_hardware: 'Hardware de la cafetera' },
  ja: { connection: '接続', stock: '在庫', robot_arm: 'ロボットアーム', icecream: 'アイスクリーム', milk: 'ミルク', cup: 'カップ', change: 'つり銭', coffee: 'コーヒー', coffee_connection: 'コーヒーマシン接続', ice_maker: '製氷機', printer: 'プリンター', business: '営業状態', order: '注文', coffee_hardware: 'コーヒーマシン部品' },
} satisfies Record<string, Record<NotifyCategory, string>>;

const labels: ResourceLabels = {
  en: {
    name: 'Alarm |||| Alarms',
    fields: {
      rule: 'Rule', detail: 'Detail',
      _id: 'Id', state: 'State', level: 'Level', code: 'Code', title: 'Title', content: 'Content', category: 'Category', device: 'Robot',
      device_type: 'Robot type', dealer: 'Store', integrator: 'Brand', count: 'Count', first_seen: 'Opened', last_seen: 'Last seen',
      ack_by: 'Acknowledged by', ack_time: 'Acknowledged at', ack_comment: 'Comment', clear_by: 'Cleared by', clear_time: 'Cleared at',
      clear_code: 'Cleared by code', priority: 'Priority', comment: 'Comment', q: 'Search',
    },
    choices: {
      state: { active: 'Active', acknowledged: 'Acknowledged', cleared: 'Cleared' },
      level: { warning: 'Warning', error: 'Fault' },
      device_type: types('en'),
      category: CATEGORY_LABELS.en,
    },
    actions: { acknowledge: 'Acknowledge', clear: 'Clear' },
  },
  zh: {
    name: '告警 |||| 告警',
    fields: {
      rule: '规则', detail: '详情',
      _id: '编号', state: '状态', level: '级别', code: '代码', title: '标题', content: '内容', category: '类别', device: '设备',
      device_type: '机器类型', dealer: '门店', integrator: '品牌', count: '次数', first_seen: '发生时间', last_seen: '最近发生',
      ack_by: '确认人', ack_time: '确认时间', ack_comment: '备注', clear_by: '清除人', clear_time: '清除时间',
      clear_code: '清除代码', priority: '优先级', comment: '备注', q: '搜索',
    },
    choices: {
      state: { active: '未处理', acknowledged: '已确认', cleared: '已清除' },
      level: { warning: '警告', error: '故障' },
      device_type: types('zh'),
      category: CATEGORY_LABELS.zh,
    },
    actions: { acknowledge: '确认', clear: '清除' },
  },
  es: {
    name: 'Alarma |||| Alarmas',
    fields: {
      rule: 'Regla', detail: 'Detalle',
      _id: 'Id', state: 'Estado', level: 'Nivel', code: 'Código', title: 'Título', content: 'Contenido', category: 'Categoría', device: 'Robot',
      device_type: 'Tipo de robot', dealer: 'Tienda', integrator: 'Marca', count: 'Veces', first_seen: 'Abierta', last_seen: 'Última vez',
      ack_by: 'Reconocida por', ack_time: 'Reconocida el', ack_comment: 'Comentario', clear_by: 'Borrada por', clear_time: 'Borrada el',
      clear_code: 'Borrada por el código', priority: 'Prioridad', comment: 'Comentario', q: 'Buscar',
    },
    choices: {
      state: { active: 'Activa', acknowledged: 'Reconocida', cleared: 'Borrada' },
      level: { warning: 'Aviso', error: 'Avería' },
      device_type: types('es'),
      category: CATEGORY_LABELS.es,
    },
    actions: { acknowledge: 'Reconocer', clear: 'Borrar' },
  },
  ja: {
    name: 'アラーム |||| アラーム',
    fields: {
      rule: 'ルール', detail: '詳細',
      _id: 'ID', state: '状態', level: 'レベル', code: 'コード', title: 'タイトル', content: '内容', category: '分類', device: 'ロボット',
      device_type: 'ロボット種別', dealer: '店舗', integrator: 'ブランド', count: '回数', first_seen: '発生日時', last_seen: '最終発生',
      ack_by: '確認者', ack_time: '確認日時', ack_comment: 'コメント', clear_by: '解除者', clear_time: '解除日時',
      clear_code: '解除コード', priority: '優先度', comment: 'コメント', q: '検索',
    },
    choices: {
      state: { active: '未対応', acknowledged: '確認済み', cleared: '解除済み' },
      level: { warning: '警告', error: '故障' },
      device_type: types('ja'),
      category: CATEGORY_LABELS.ja,
    },
    actions: { acknowledge: '確認', clear: '解除' },
  },
};
export default labels;
