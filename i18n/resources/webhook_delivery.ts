import type { ResourceLabels } from './types';
import webhook from './webhook';

// the event names read as on the endpoint's own form, plus the test event
const events = (lang: keyof typeof webhook, test: string) => ({ ...webhook[lang].choices!.events, webhook_test: test });

const labels: ResourceLabels = {
  en: {
    name: 'Webhook delivery |||| Webhook deliveries',
    fields: {
      _id: 'Id',
      create_time: 'Time',
      webhook: 'Webhook',
      event: 'Event',
      event_id: 'Event id',
      attempt: 'Attempt',
      status: 'Status',
      http_status: 'HTTP status',
      duration_ms: 'Duration (ms)',
      error: 'Error',
      integrator: 'Brand',
      dealer: 'Store',
      q: 'Search',
    },
    choices: { event: events('en', 'Test event'), status: { success: 'Delivered', failed: 'Failed' } },
  },
  zh: {
    name: 'Webhook 推送 |||| Webhook 推送',
    fields: {
      _id: '编号',
      create_time: '时间',
      webhook: 'Webhook',
      event: '事件',
      event_id: '事件编号',
      attempt: '尝试次数',
      status: '状态',
      http_status: 'HTTP 状态码',
      duration_ms: '耗时（毫秒）',
      error: '错误',
      integrator: '品牌',
      dealer: '门店',
      q: '搜索',
    },
    choices: { event: events('zh', '测试事件'), status: { success: '已送达', failed: '失败' } },
  },
  es: {
    name: 'Envío de webhook |||| Envíos de webhook',
    fields: {
      _id: 'Id',
      create_time: 'Hora',
      webhook: 'Webhook',
      event: 'Evento',
      event_id: 'Id del evento',
      attempt: 'Intento',
      status: 'Estado',
      http_status: 'Estado HTTP',
      duration_ms: 'Duración (ms)',
      error: 'Error',
      integrator: 'Marca',
      dealer: 'Tienda',
      q: 'Buscar',
    },
    choices: { event: events('es', 'Evento de prueba'), status: { success: 'Entregado', failed: 'Fallido' } },
  },
  ja: {
    name: 'Webhook 配信 |||| Webhook 配信',
    fields: {
      _id: 'ID',
      create_time: '日時',
      webhook: 'Webhook',
      event: 'イベント',
      event_id: 'イベント ID',
      attempt: '試行',
      status: '状態',
      http_status: 'HTTP ステータス',
      duration_ms: '所要時間（ms）',
      error: 'エラー',
      integrator: 'ブランド',
      dealer: '店舗',
      q: '検索',
    },
    choices: { event: events('ja', 'テストイベント'), status: { success: '配信済み', failed: '失敗' } },
  },
};

export default labels;
