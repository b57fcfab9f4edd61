import type { ResourceLabels } from './types';

const labels: ResourceLabels = {
  en: {
    name: 'Command |||| Commands',
    fields: {
      _id: 'Id', create_time: 'Sent at', device: 'Robot', devices: 'Robots', command: 'Command', params: 'Parameters', state: 'State', attempts: 'Attempts',
      result: 'Result', created_by: 'Sent by', reason: 'Reason', sent_time: 'Handed over', done_time: 'Done at', expires_at: 'Expires', integrator: 'Brand',
      dealer: 'Store', expires_in: 'Expires in (s)', q: 'Search',
    },
    choices: {
      command: { reboot: 'Reboot', lock: 'Lock (out of service)', unlock: 'Unlock', clean: 'Clean', sync_menu: 'Sync menu', set_business_state: 'Set business state' },
      state: { queued: 'Queued', sent: 'Sent', acknowledged: 'Acknowledged', failed: 'Failed', expired: 'Expired', cancelled: 'Cancelled' },
    },
    actions: { cancel: 'Cancel', send: 'Send command', deliver: 'Hand over', acknowledge: 'Acknowledge', fail: 'Fail', expire: 'Expire' },
  },
  zh: {
    name: '指令 |||| 指令',
    fields: {
      _id: '编号', create_time: '下发时间', device: '设备', devices: '设备', command: '指令', params: '参数', state: '状态', attempts: '下发次数',
      result: '结果', created_by: '下发人', reason: '原因', sent_time: '送达时间', done_time: '完成时间', expires_at: '过期时间', integrator: '品牌',
      dealer: '门店', expires_in: '有效期（秒）', q: '搜索',
    },
    choices: {
      command: { reboot: '重启', lock: '锁定（停止营业）', unlock: '解锁', clean: '清洗', sync_menu: '同步菜单', set_business_state: '设置营业状态' },
      state: { queued: '排队中', sent: '已下发', acknowledged: '已确认', failed: '失败', expired: '已过期', cancelled: '已取消' },
    },
    actions: { cancel: '取消', send: '下发指令', deliver: '下发到设备', acknowledge: '确认', fail: '失败', expire: '过期' },
  },
  es: {
    name: 'Orden |||| Órdenes',
    fields: {
      _id: 'Id', create_time: 'Enviada el', device: 'Robot', devices: 'Robots', command: 'Orden', params: 'Parámetros', state: 'Estado', attempts: 'Intentos',
      result: 'Resultado', created_by: 'Enviada por', reason: 'Motivo', sent_time: 'Entregada el', done_time: 'Terminada el', expires_at: 'Caduca', integrator: 'Marca',
      dealer: 'Tienda', expires_in: 'Caduca en (s)', q: 'Buscar',
    },
    choices: {
      command: { reboot: 'Reiniciar', lock: 'Bloquear (fuera de servicio)', unlock: 'Desbloquear', clean: 'Limpiar', sync_menu: 'Sincronizar menú', set_business_state: 'Estado comercial' },
      state: { queued: 'En cola', sent: 'Enviada', acknowledged: 'Confirmada', failed: 'Fallida', expired: 'Caducada', cancelled: 'Cancelada' },
    },
    actions: { cancel: 'Cancelar', send: 'Enviar orden', deliver: 'Entregar', acknowledge: 'Confirmar', fail: 'Fallar', expire: 'Caducar' },
  },
  ja: {
    name: 'コマンド |||| コマンド',
    fields: {
      _id: 'ID', create_time: '送信日時', device: 'ロボット', devices: 'ロボット', command: 'コマンド', params: 'パラメーター', state: '状態', attempts: '送信回数',
      result: '結果', created_by: '送信者', reason: '理由', sent_time: '配信日時', done_time: '完了日時', expires_at: '有効期限', integrator: 'ブランド',
      dealer: '店舗', expires_in: '有効期間（秒）', q: '検索',
    },
    choices: {
      command: { reboot: '再起動', lock: 'ロック（販売停止）', unlock: 'ロック解除', clean: '洗浄', sync_menu: 'メニュー同期', set_business_state: '営業状態の設定' },
      state: { queued: '待機中', sent: '送信済み', acknowledged: '完了', failed: '失敗', expired: '期限切れ', cancelled: '取消済み' },
    },
    actions: { cancel: '取消', send: 'コマンド送信', deliver: '配信', acknowledge: '完了', fail: '失敗', expire: '期限切れ' },
  },
};

export default labels;
