import type { ResourceLabels } from './types';
import device from './device';

const status = {
  en: { CREATED: 'Created', CANCEL: 'Cancelled', CLOSE: 'Completed', DELETE: 'Deleted', FAILD: 'Failed' },
  zh: { CREATED: '已创建', CANCEL: '已取消', CLOSE: '已完成', DELETE: '已删除', FAILD: '失败' },
  es: { CREATED: 'Creado', CANCEL: 'Cancelado', CLOSE: 'Completado', DELETE: 'Eliminado', FAILD: 'Fallido' },
  ja: { CREATED: '作成済み', CANCEL: 'キャンセル', CLOSE: '完了', DELETE: '削除済み', FAILD: '失敗' },
};
export const PAY_STATUS_LABELS = {
  en: { UNPAY: 'Unpaid', WAITPAY: 'Awaiting payment', PAID: 'Paid', PAYERROR: 'Payment error', CANCEL: 'Cancelled', FREE: 'Free' },
  zh: { UNPAY: '未支付', WAITPAY: '待支付', PAID: '已支付', PAYERROR: '支付异常', CANCEL: '已取消', FREE: '免费' },
  es: { UNPAY: 'No pagado', WAITPAY: 'Pendiente de pago', PAID: 'Pagado', PAYERROR: 'Error de pago', CANCEL: 'Cancelado', FREE: 'Gratis' },
  ja: { UNPAY: '未払い', WAITPAY: '支払い待ち', PAID: '支払い済み', PAYERROR: '支払いエラー', CANCEL: 'キャンセル', FREE: '無料' },
};
export const WORK_STATUS_LABELS = {
  en: { WAIT: 'Waiting', START: 'Making', DONE: 'Made', END: 'Picked up', FAILD: 'Failed' },
  zh: { WAIT: '等待制作', START: '制作中', DONE: '制作完成', END: '已取餐', FAILD: '制作失败' },
  es: { WAIT: 'En espera', START: 'Preparando', DONE: 'Preparado', END: 'Recogido', FAILD: 'Fallido' },
  ja: { WAIT: '待機中', START: '製造中', DONE: '製造完了', END: '受け取り済み', FAILD: '失敗' },
};
const channel = {
  en: { APP: 'App', MINIPROGRAM: 'Mini program' },
  zh: { APP: 'App', MINIPROGRAM: '小程序' },
  es: { APP: 'App', MINIPROGRAM: 'Miniprograma' },
  ja: { APP: 'アプリ', MINIPROGRAM: 'ミニプログラム' },
};
export const REFUND_STATUS_LABELS = {
  en: { CREATED: 'Requested', SUCCESS: 'Refunded', CHANGE: 'Exception', REFUNDCLOSE: 'Closed' },
  zh: { CREATED: '已申请', SUCCESS: '退款成功', CHANGE: '退款异常', REFUNDCLOSE: '退款关闭' },
  es: { CREATED: 'Solicitado', SUCCESS: 'Reembolsado', CHANGE: 'Excepción', REFUNDCLOSE: 'Cerrado' },
  ja: { CREATED: '申請済み', SUCCESS: '返金済み', CHANGE: '返金異常', REFUNDCLOSE: 'クローズ' },
};

/** Codes a robot reports as free text (server/features/orders/flow.ts): the known ones in words, any other made into
 * words by the page (src/declared/fields.tsx codeWord). */
const payType = {
  en: { WECHAT: 'WeChat Pay', ALIPAY: 'Alipay', UNIONPAY: 'UnionPay', CARD: 'Bank card', CASH: 'Cash', COUPON: 'Voucher', BALANCE: 'Member balance', APPLEPAY: 'Apple Pay', FREE: 'Free' },
  zh: { WECHAT: '微信支付', ALIPAY: '支付宝', UNIONPAY: '银联', CARD: '银行卡', CASH: '现金', COUPON: '优惠券', BALANCE: '会员余额', APPLEPAY: 'Apple Pay', FREE: '免费' },
  es: { WECHAT: 'WeChat Pay', ALIPAY: 'Alipay', UNIONPAY: 'UnionPay', CARD: 'Tarjeta bancaria', CASH: 'Efectivo', COUPON: 'Vale', BALANCE: 'Saldo de socio', APPLEPAY: 'Apple Pay', FREE: 'Gratis' },
  ja: { WECHAT: 'WeChat Pay', ALIPAY: 'Alipay', UNIONPAY: '銀聯', CARD: '銀行カード', CASH: '現金', COUPON: 'クーポン', BALANCE: '会員残高', APPLEPAY: 'Apple Pay', FREE: '無料' },
};
const endType = {
  en: { NORMAL: 'Normal', MACHINE: 'Machine fault', ERROR: 'Error' },
  zh: { NORMAL: '正常结束', MACHINE: '机器故障', ERROR: '异常' },
  es: { NORMAL: 'Normal', MACHINE: 'Fallo de la máquina', ERROR: 'Error' },
  ja: { NORMAL: '正常終了', MACHINE: '機械故障', ERROR: 'エラー' },
};

const labels: ResourceLabels = {
  en: {
    name: 'Order |||| Orders',
    fields: {
      _id: 'Order id', create_time: 'Order time', channel: 'Channel', status: 'Order status', pay_status: 'Pay status', pay_time: 'Pay time',
      pay_type: 'Pay type', work_status: 'Work status', amount: 'Amount', quantity: 'Quantity', pickup_code: 'Pickup code', pickup_point: 'Pickup point',
      integrator: 'Brand', dealer: 'Store', device: 'Robot', device_type: 'Robot type', device_name: 'Robot', products: 'Products', flow: 'Making flow',
      end_type: 'End type', end_msg: 'End message', pay: 'Pay details', pay_history: 'Pay status changes', close_time: 'Close or cancel time',
      close_reason: 'Close or cancel reason', forward: 'Forwarded', forward_from: 'Forwarded from', refund_status: 'Refund', refund_amount: 'Refunded amount',
      q: 'Search', reason: 'Reason', approve: 'Approve at once',
    },
    choices: { status: status.en, pay_status: PAY_STATUS_LABELS.en, work_status: WORK_STATUS_LABELS.en, channel: channel.en, pay_type: payType.en, end_type: endType.en, refund_status: REFUND_STATUS_LABELS.en, device_type: device.en.choices!.type },
    actions: { refund: 'Refund', pay_status: 'Change pay status' },
  },
  zh: {
    name: '订单 |||| 订单',
    fields: {
      _id: '订单号', create_time: '下单时间', channel: '渠道', status: '订单状态', pay_status: '支付状态', pay_time: '支付时间',
      pay_type: '支付方式', work_status: '制作状态', amount: '金额', quantity: '数量', pickup_code: '取餐码', pickup_point: '取餐点',
      integrator: '品牌', dealer: '门店', device: '设备', device_type: '机器人类型', device_name: '设备', products: '商品', flow: '制作流程',
      end_type: '结束类型', end_msg: '结束信息', pay: '支付详情', pay_history: '支付状态变更', close_time: '关闭/取消时间',
      close_reason: '关闭/取消原因', forward: '转单', forward_from: '转自', refund_status: '退款', refund_amount: '已退金额',
      q: '搜索', reason: '原因', approve: '立即审核通过',
    },
    choices: { status: status.zh, pay_status: PAY_STATUS_LABELS.zh, work_status: WORK_STATUS_LABELS.zh, channel: channel.zh, pay_type: payType.zh, end_type: endType.zh, refund_status: REFUND_STATUS_LABELS.zh, device_type: device.zh.choices!.type },
    actions: { refund: '退款', pay_status: '修改支付状态' },
  },
  es: {
    name: 'Pedido |||| Pedidos',
    fields: {
      _id: 'Id del pedido', create_time: 'Hora del pedido', channel: 'Canal', status: 'Estado del pedido', pay_status: 'Estado del pago', pay_time: 'Hora del pago',
      pay_type: 'Tipo de pago', work_status: 'Estado de preparación', amount: 'Importe', quantity: 'Cantidad', pickup_code: 'Código de recogida', pickup_point: 'Punto de recogida',
      integrator: 'Marca', dealer: 'Tienda', device: 'Robot', device_type: 'Tipo de robot', device_name: 'Robot', products: 'Productos', flow: 'Flujo de preparación',
      end_type: 'Tipo de fin', end_msg: 'Mensaje de fin', pay: 'Detalles del pago', pay_history: 'Cambios del estado del pago', close_time: 'Hora de cierre o cancelación',
      close_reason: 'Motivo de cierre o cancelación', forward: 'Transferido', forward_from: 'Transferido desde', refund_status: 'Reembolso', refund_amount: 'Importe reembolsado',
      q: 'Buscar', reason: 'Motivo', approve: 'Aprobar al instante',
    },
    choices: { status: status.es, pay_status: PAY_STATUS_LABELS.es, work_status: WORK_STATUS_LABELS.es, channel: channel.es, pay_type: payType.es, end_type: endType.es, refund_status: REFUND_STATUS_LABELS.es, device_type: device.es.choices!.type },
    actions: { refund: 'Reembolsar', pay_status: 'Cambiar estado del pago' },
  },
  ja: {
    name: '注文 |||| 注文',
    fields: {
      _id: '注文ID', create_time: '注文日時', channel: 'チャネル', status: '注文状態', pay_status: '支払い状態', pay_time: '支払い日時',
      pay_type: '支払い方法', work_status: '製造状態', amount: '金額', quantity: '数量', pickup_code: '受け取りコード', pickup_point: '受け取り場所',
      integrator: 'ブランド', dealer: '店舗', device: 'ロボット', device_type: 'ロボット種別', device_name: 'ロボット', products: '商品', flow: '製造フロー',
      end_type: '終了種別', end_msg: '終了メッセージ', pay: '支払い詳細', pay_history: '支払い状態の変更', close_time: 'クローズ／キャンセル日時',
      close_reason: 'クローズ／キャンセル理由', forward: '転送', forward_from: '転送元', refund_status: '返金', refund_amount: '返金額',
      q: '検索', reason: '理由', approve: 'すぐに承認',
    },
    choices: { status: status.ja, pay_status: PAY_STATUS_LABELS.ja, work_status: WORK_STATUS_LABELS.ja, channel: channel.ja, pay_type: payType.ja, end_type: endType.ja, refund_status: REFUND_STATUS_LABELS.ja, device_type: device.ja.choices!.type },
    actions: { refund: '返金', pay_status: '支払い状態を変更' },
  },
};
export default labels;
