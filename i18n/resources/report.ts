import type { ResourceLabels } from './types';

const statuses = {
  en: { open: 'Open', in_progress: 'In progress', resolved: 'Resolved' },
  zh: { open: '待处理', in_progress: '处理中', resolved: '已解决' },
  es: { open: 'Abierto', in_progress: 'En curso', resolved: 'Resuelto' },
  ja: { open: '未対応', in_progress: '対応中', resolved: '解決済み' },
};
const sources = {
  en: { console: 'Console', robot: 'Robot' },
  zh: { console: '后台', robot: '设备' },
  es: { console: 'Consola', robot: 'Robot' },
  ja: { console: '管理画面', robot: 'ロボット' },
};

const labels: ResourceLabels = {
  en: {
    name: 'Fault report |||| Fault reports',
    fields: { _id: 'Id', device: 'Robot', code: 'Fault code', fault: 'Fault', description: 'Description', photos: 'Photos', status: 'Status', source: 'Raised from', dealer: 'Store', integrator: 'Brand', reporter: 'Reported by', handler: 'Handled by', resolution: 'Resolution', resolve_time: 'Resolved at', create_time: 'Reported at', q: 'Search' },
    choices: { status: statuses.en, source: sources.en },
    actions: { start: 'Take in hand', resolve: 'Resolve' },
  },
  zh: {
    name: '故障报告 |||| 故障报告',
    fields: { _id: '编号', device: '设备', code: '故障代码', fault: '故障', description: '描述', photos: '照片', status: '状态', source: '来源', dealer: '门店', integrator: '品牌', reporter: '报告人', handler: '处理人', resolution: '处理结果', resolve_time: '解决时间', create_time: '报告时间', q: '搜索' },
    choices: { status: statuses.zh, source: sources.zh },
    actions: { start: '开始处理', resolve: '解决' },
  },
  es: {
    name: 'Informe de avería |||| Informes de avería',
    fields: { _id: 'Id', device: 'Robot', code: 'Código de avería', fault: 'Avería', description: 'Descripción', photos: 'Fotos', status: 'Estado', source: 'Origen', dealer: 'Tienda', integrator: 'Marca', reporter: 'Informado por', handler: 'Atendido por', resolution: 'Solución', resolve_time: 'Resuelto el', create_time: 'Informado el', q: 'Buscar' },
    choices: { status: statuses.es, source: sources.es },
    actions: { start: 'Atender', resolve: 'Resolver' },
  },
  ja: {
    name: '故障報告 |||| 故障報告',
    fields: { _id: 'ID', device: 'ロボット', code: '故障コード', fault: '故障内容', description: '説明', photos: '写真', status: '状態', source: '報告元', dealer: '店舗', integrator: 'ブランド', reporter: '報告者', handler: '対応者', resolution: '対応結果', resolve_time: '解決日時', create_time: '報告日時', q: '検索' },
    choices: { status: statuses.ja, source: sources.ja },
    actions: { start: '対応を開始', resolve: '解決する' },
  },
};
export default labels;
