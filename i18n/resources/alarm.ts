import type { ResourceLabels } from './types';
import device from './device';

// robot types read as on the robots' own screens
const types = (lang: keyof typeof device) => device[lang].choices!.type;

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
    },
    actions: { acknowledge: '確認', clear: '解除' },
  },
};
export default labels;
