import type { ResourceLabels } from './types';

const labels: ResourceLabels = {
  en: {
    name: 'Webhook |||| Webhooks',
    fields: { _id: 'Id', url: 'Endpoint URL', events: 'Events', description: 'Description', enabled: 'Enabled', integrator: 'Brand', dealer: 'Store', create_time: 'Created', q: 'Search' },
    choices: {
      events: { order_created: 'Order created', order_paid: 'Order paid', order_refunded: 'Order refunded', alarm_opened: 'Alarm opened', alarm_cleared: 'Alarm cleared', robot_offline: 'Robot offline', command_acknowledged: 'Command acknowledged', command_failed: 'Command failed', command_expired: 'Command expired' },
    },
    actions: { send_test: 'Send test event', rotate_secret: 'New signing secret' },
    secret: { title: 'Signing secret for %{name}', once: 'Copy this secret into the receiving system now. It is shown only once; it verifies the VendFleet-Signature header of every delivery.', label: 'Signing secret', done: 'I have saved the secret' },
  },
  zh: {
    name: 'Webhook |||| Webhook',
    fields: { _id: '编号', url: '接收地址', events: '事件', description: '说明', enabled: '启用', integrator: '品牌', dealer: '门店', create_time: '创建时间', q: '搜索' },
    choices: {
      events: { order_created: '订单创建', order_paid: '订单支付', order_refunded: '订单退款', alarm_opened: '告警产生', alarm_cleared: '告警清除', robot_offline: '设备离线', command_acknowledged: '指令已确认', command_failed: '指令失败', command_expired: '指令已过期' },
    },
    actions: { send_test: '发送测试事件', rotate_secret: '更换签名密钥' },
    secret: { title: '%{name} 的签名密钥', once: '请立即将此密钥配置到接收系统。它只显示一次，用于校验每次推送的 VendFleet-Signature 请求头。', label: '签名密钥', done: '我已保存密钥' },
  },
  es: {
    name: 'Webhook |||| Webhooks',
    fields: { _id: 'Id', url: 'URL del receptor', events: 'Eventos', description: 'Descripción', enabled: 'Activo', integrator: 'Marca', dealer: 'Tienda', create_time: 'Creado', q: 'Buscar' },
    choices: {
      events: { order_created: 'Pedido creado', order_paid: 'Pedido pagado', order_refunded: 'Pedido reembolsado', alarm_opened: 'Alarma abierta', alarm_cleared: 'Alarma borrada', robot_offline: 'Robot desconectado', command_acknowledged: 'Orden confirmada', command_failed: 'Orden fallida', command_expired: 'Orden caducada' },
    },
    actions: { send_test: 'Enviar evento de prueba', rotate_secret: 'Nuevo secreto de firma' },
    secret: { title: 'Secreto de firma de %{name}', once: 'Copie ahora este secreto en el sistema receptor. Solo se muestra una vez; verifica la cabecera VendFleet-Signature de cada envío.', label: 'Secreto de firma', done: 'He guardado el secreto' },
  },
  ja: {
    name: 'Webhook |||| Webhook',
    fields: { _id: 'ID', url: 'エンドポイント URL', events: 'イベント', description: '説明', enabled: '有効', integrator: 'ブランド', dealer: '店舗', create_time: '作成日時', q: '検索' },
    choices: {
      events: { order_created: '注文作成', order_paid: '注文支払い', order_refunded: '注文返金', alarm_opened: 'アラーム発生', alarm_cleared: 'アラーム解除', robot_offline: 'ロボットオフライン', command_acknowledged: 'コマンド完了', command_failed: 'コマンド失敗', command_expired: 'コマンド期限切れ' },
    },
    actions: { send_test: 'テストイベントを送信', rotate_secret: '署名シークレットを再発行' },
    secret: { title: '%{name} の署名シークレット', once: 'このシークレットを今すぐ受信側システムに設定してください。表示は一度だけです。各配信の VendFleet-Signature ヘッダーの検証に使います。', label: '署名シークレット', done: 'シークレットを保存しました' },
  },
};

export default labels;
