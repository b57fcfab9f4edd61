import type { ResourceLabels } from './types';
import { REFUND_STATUS_LABELS } from './order';

const labels: ResourceLabels = {
  en: {
    name: 'Refund |||| Refunds',
    fields: {
      _id: 'Refund id', request_time: 'Request time', order: 'Order', pickup_code: 'Pickup code', status: 'Refund status', amount: 'Amount', real_amount: 'Real amount',
      refund_time: 'Refund time', reason: 'Reason', reject_reason: 'Reject reason', channel: 'Channel', channel_id: 'Channel id', account: 'Account',
      account_type: 'Account type', funds_source: 'Funds source', source: 'Source', requester: 'Requested by', operator: 'Approving operator', error: 'Channel error',
      integrator: 'Brand', dealer: 'Store', q: 'Search',
    },
    choices: { status: REFUND_STATUS_LABELS.en },
    actions: { approve: 'Approve', reject: 'Reject' },
  },
  zh: {
    name: '退款 |||| 退款',
    fields: {
      _id: '退款单号', request_time: '申请时间', order: '订单', pickup_code: '取餐码', status: '退款状态', amount: '退款金额', real_amount: '实退金额',
      refund_time: '退款时间', reason: '退款原因', reject_reason: '驳回原因', channel: '渠道', channel_id: '渠道单号', account: '退款账户',
      account_type: '账户类型', funds_source: '资金来源', source: '来源', requester: '申请人', operator: '审核人', error: '渠道错误',
      integrator: '品牌', dealer: '门店', q: '搜索',
    },
    choices: { status: REFUND_STATUS_LABELS.zh },
    actions: { approve: '同意退款', reject: '驳回' },
  },
  es: {
    name: 'Reembolso |||| Reembolsos',
    fields: {
      _id: 'Id del reembolso', request_time: 'Hora de solicitud', order: 'Pedido', pickup_code: 'Código de recogida', status: 'Estado del reembolso', amount: 'Importe', real_amount: 'Importe real',
      refund_time: 'Hora del reembolso', reason: 'Motivo', reject_reason: 'Motivo del rechazo', channel: 'Canal', channel_id: 'Id del canal', account: 'Cuenta',
      account_type: 'Tipo de cuenta', funds_source: 'Origen de los fondos', source: 'Origen', requester: 'Solicitado por', operator: 'Aprobado por', error: 'Error del canal',
      integrator: 'Marca', dealer: 'Tienda', q: 'Buscar',
    },
    choices: { status: REFUND_STATUS_LABELS.es },
    actions: { approve: 'Aprobar', reject: 'Rechazar' },
  },
  ja: {
    name: '返金 |||| 返金',
    fields: {
      _id: '返金ID', request_time: '申請日時', order: '注文', pickup_code: '受け取りコード', status: '返金状態', amount: '返金額', real_amount: '実返金額',
      refund_time: '返金日時', reason: '理由', reject_reason: '却下理由', channel: 'チャネル', channel_id: 'チャネルID', account: '口座',
      account_type: '口座種別', funds_source: '資金源', source: 'ソース', requester: '申請者', operator: '承認者', error: 'チャネルエラー',
      integrator: 'ブランド', dealer: '店舗', q: '検索',
    },
    choices: { status: REFUND_STATUS_LABELS.ja },
    actions: { approve: '承認', reject: '却下' },
  },
};
export default labels;
