import type { ResourceLabels } from './types';

const types = {
  en: { icecream: 'Ice cream', coffee: 'Coffee', coffee_icecream: 'Coffee + ice cream', noodle: 'Noodles', milktea: 'Milk tea', fastfood: 'Fast food' },
  zh: { icecream: '冰淇淋', coffee: '咖啡', coffee_icecream: '咖啡+冰淇淋', noodle: '面食', milktea: '奶茶', fastfood: '快餐' },
  es: { icecream: 'Helados', coffee: 'Café', coffee_icecream: 'Café + helados', noodle: 'Fideos', milktea: 'Té con leche', fastfood: 'Comida rápida' },
  ja: { icecream: 'アイスクリーム', coffee: 'コーヒー', coffee_icecream: 'コーヒー＋アイス', noodle: '麺類', milktea: 'ミルクティー', fastfood: 'ファストフード' },
};
const states = {
  en: { idle: 'Idle', busy: 'Busy', failure: 'Failure', lack: 'Out of supplies', pause: 'Paused', unknown: 'Unknown' },
  zh: { idle: '空闲', busy: '忙碌', failure: '故障', lack: '缺料', pause: '暂停', unknown: '未知' },
  es: { idle: 'Libre', busy: 'Ocupado', failure: 'Avería', lack: 'Sin suministros', pause: 'En pausa', unknown: 'Desconocido' },
  ja: { idle: '待機中', busy: '稼働中', failure: '故障', lack: '材料不足', pause: '一時停止', unknown: '不明' },
};

const labels: ResourceLabels = {
  en: {
    name: 'Robot |||| Robots',
    fields: { _id: 'Id', device_id: 'Device id', name: 'Name', sn: 'Serial number', type: 'Robot type', category: 'Category', integrator: 'Brand', dealer: 'Store', online: 'Online', state: 'State', work_status: 'Work status', last_heartbeat: 'Last heartbeat', key_issued_at: 'Key issued', create_time: 'Created', device_key: 'Device key', locked: 'Locked', lock_reason: 'Lock reason', locked_by: 'Locked by', lock_time: 'Locked at', menu_version: 'Menu version', menu_outdated: 'Menu out of date', q: 'Search' },
    choices: { type: types.en, state: states.en, online: { true: 'Online', false: 'Offline' }, work_status: { ready: 'Ready', making: 'Making', cleaning: 'Cleaning', locked: 'Out of service', fault: 'Fault', idle: 'Idle', paused: 'Paused', maintenance: 'Maintenance', offline: 'Offline', restocking: 'Restocking', error: 'Error' } },
    actions: { unbind: 'Unbind from store', rotate_key: 'Rotate key', lock: 'Locked (out of service)', unlock: 'Unlocked' },
  },
  zh: {
    name: '设备 |||| 设备',
    fields: { _id: '编号', device_id: '设备编号', name: '名称', sn: '序列号', type: '机器人类型', category: '分类', integrator: '品牌', dealer: '门店', online: '在线', state: '状态', work_status: '工作状态', last_heartbeat: '最后心跳', key_issued_at: '密钥签发时间', create_time: '创建时间', device_key: '设备密钥', locked: '已锁定', lock_reason: '锁定原因', locked_by: '锁定人', lock_time: '锁定时间', menu_version: '菜单版本', menu_outdated: '菜单待同步', q: '搜索' },
    choices: { type: types.zh, state: states.zh, online: { true: '在线', false: '离线' }, work_status: { ready: '就绪', making: '制作中', cleaning: '清洁中', locked: '停止服务', fault: '故障', idle: '空闲', paused: '已暂停', maintenance: '维护中', offline: '离线', restocking: '补货中', error: '错误' } },
    actions: { unbind: '解绑门店', rotate_key: '更换密钥', lock: '锁定（停止营业）', unlock: '解锁' },
  },
  es: {
    name: 'Robot |||| Robots',
    fields: { _id: 'Id', device_id: 'Id del dispositivo', name: 'Nombre', sn: 'Número de serie', type: 'Tipo de robot', category: 'Categoría', integrator: 'Marca', dealer: 'Tienda', online: 'En línea', state: 'Estado', work_status: 'Estado de trabajo', last_heartbeat: 'Último latido', key_issued_at: 'Clave emitida', create_time: 'Creado', device_key: 'Clave del dispositivo', locked: 'Bloqueado', lock_reason: 'Motivo del bloqueo', locked_by: 'Bloqueado por', lock_time: 'Bloqueado el', menu_version: 'Versión del menú', menu_outdated: 'Menú desactualizado', q: 'Buscar' },
    choices: { type: types.es, state: states.es, online: { true: 'En línea', false: 'Sin conexión' }, work_status: { ready: 'Lista', making: 'Preparando', cleaning: 'Limpiando', locked: 'Fuera de servicio', fault: 'Avería', idle: 'En espera', paused: 'En pausa', maintenance: 'Mantenimiento', offline: 'Sin conexión', restocking: 'Reponiendo', error: 'Error' } },
    actions: { unbind: 'Desvincular de la tienda', rotate_key: 'Renovar clave', lock: 'Bloqueado (fuera de servicio)', unlock: 'Desbloqueado' },
  },
  ja: {
    name: 'ロボット |||| ロボット',
    fields: { _id: 'ID', device_id: 'デバイスID', name: '名称', sn: 'シリアル番号', type: 'ロボット種別', category: 'カテゴリ', integrator: 'ブランド', dealer: '店舗', online: 'オンライン', state: '状態', work_status: '作業状態', last_heartbeat: '最終ハートビート', key_issued_at: 'キー発行日時', create_time: '作成日時', device_key: 'デバイスキー', locked: 'ロック中', lock_reason: 'ロック理由', locked_by: 'ロックした人', lock_time: 'ロック日時', menu_version: 'メニューバージョン', menu_outdated: 'メニュー未同期', q: '検索' },
    choices: { type: types.ja, state: states.ja, online: { true: 'オンライン', false: 'オフライン' }, work_status: { ready: '準備完了', making: '製造中', cleaning: '清掃中', locked: '休止中', fault: '故障', idle: '待機中', paused: '一時停止', maintenance: 'メンテナンス中', offline: 'オフライン', restocking: '補充中', error: 'エラー' } },
    actions: { unbind: '店舗との紐付け解除', rotate_key: 'キーを再発行', lock: 'ロック（販売停止）', unlock: 'ロック解除' },
  },
};
export default labels;
