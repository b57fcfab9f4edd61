// Commands to robots (docs/commands.md): why a send or an acknowledgement is refused, the send dialog, the
// robot page's Commands card, and the words of each command's declared parameters (resources/command.ts).
const en = {
  vf: {
    commands: {
      error: {
        devices: 'Name between 1 and %{max} robots',
        command: 'Unknown command "%{command}": one of %{commands}',
        expires_in: 'Expiry: a whole number of seconds between 1 and %{max}',
        idempotency_key: 'Idempotency key: at most %{max} characters',
        not_found: 'No such robot',
        not_found_command: 'No such command',
        menu_version: 'menu_version: text of 1 to %{max} characters',
        ack_status: 'status: ok or failed',
        acks: 'acks: a list of at most %{max} outcomes, each { id, status, result? }',
        result: 'result: an object of at most %{max} bytes as JSON',
        ack_state: 'This command is %{state}: its outcome can no longer change',
        not_sent: 'This command was not handed over yet',
        locked: 'This robot is locked (out of service): %{reason}',
      },
      state: {
        acknowledged: 'acknowledged',
        failed: 'failed',
        expired: 'expired',
        cancelled: 'cancelled',
        queued: 'queued',
        sent: 'sent',
      },
      card: 'Commands',
      send: 'Send command',
      sent: 'Command queued',
      report: '%{done} queued, %{refused} refused',
      none: 'No commands yet',
      locked: 'Locked by %{by}: %{reason}',
    },
    vocab: {
      sub: {
        command: {
          params: {
            fields: { reason: 'Reason', state: 'Business state', firmware: 'Firmware' },
            choices: { state: { open: 'Open', closed: 'Closed', pause: 'Paused' } },
          },
        },
      },
    },
  },
};

const zh: typeof en = {
  vf: {
    commands: {
      error: {
        devices: '请选择 1 到 %{max} 台设备',
        command: '未知指令“%{command}”：可选 %{commands}',
        expires_in: '有效期：1 到 %{max} 之间的整数秒',
        idempotency_key: '幂等键：最多 %{max} 个字符',
        not_found: '设备不存在',
        not_found_command: '指令不存在',
        menu_version: 'menu_version：1 到 %{max} 个字符的文本',
        ack_status: 'status：ok 或 failed',
        acks: 'acks：至多 %{max} 个结果的列表，每个为 { id, status, result? }',
        result: 'result：JSON 对象，最多 %{max} 字节',
        ack_state: '该指令已%{state}，结果不能再更改',
        not_sent: '该指令尚未下发',
        locked: '该设备已锁定（停止营业）：%{reason}',
      },
      state: { acknowledged: '确认', failed: '失败', expired: '过期', cancelled: '取消', queued: '排队', sent: '下发' },
      card: '指令',
      send: '下发指令',
      sent: '指令已排队',
      report: '已排队 %{done} 台，拒绝 %{refused} 台',
      none: '暂无指令',
      locked: '%{by} 锁定：%{reason}',
    },
    vocab: {
      sub: {
        command: {
          params: {
            fields: { reason: '原因', state: '营业状态', firmware: '固件' },
            choices: { state: { open: '营业', closed: '停业', pause: '暂停' } },
          },
        },
      },
    },
  },
};

const es: typeof en = {
  vf: {
    commands: {
      error: {
        devices: 'Indique entre 1 y %{max} robots',
        command: 'Orden desconocida "%{command}": una de %{commands}',
        expires_in: 'Caducidad: un número entero de segundos entre 1 y %{max}',
        idempotency_key: 'Clave de idempotencia: como máximo %{max} caracteres',
        not_found: 'No existe ese robot',
        not_found_command: 'No existe esa orden',
        menu_version: 'menu_version: un texto de 1 a %{max} caracteres',
        ack_status: 'status: ok o failed',
        acks: 'acks: una lista de como máximo %{max} resultados, cada uno { id, status, result? }',
        result: 'result: un objeto de como máximo %{max} bytes en JSON',
        ack_state: 'Esta orden está %{state}: su resultado ya no puede cambiar',
        not_sent: 'Esta orden aún no se ha entregado',
        locked: 'Este robot está bloqueado (fuera de servicio): %{reason}',
      },
      state: {
        acknowledged: 'confirmada',
        failed: 'fallida',
        expired: 'caducada',
        cancelled: 'cancelada',
        queued: 'en cola',
        sent: 'enviada',
      },
      card: 'Órdenes',
      send: 'Enviar orden',
      sent: 'Orden en cola',
      report: '%{done} en cola, %{refused} rechazadas',
      none: 'Aún no hay órdenes',
      locked: 'Bloqueado por %{by}: %{reason}',
    },
    vocab: {
      sub: {
        command: {
          params: {
            fields: { reason: 'Motivo', state: 'Estado comercial', firmware: 'Firmware' },
            choices: { state: { open: 'Abierto', closed: 'Cerrado', pause: 'En pausa' } },
          },
        },
      },
    },
  },
};

const ja: typeof en = {
  vf: {
    commands: {
      error: {
        devices: 'ロボットを 1〜%{max} 台指定してください',
        command: '不明なコマンド「%{command}」：%{commands} のいずれか',
        expires_in: '有効期間：1〜%{max} の整数（秒）',
        idempotency_key: '冪等キー：%{max} 文字以内',
        not_found: 'ロボットが見つかりません',
        not_found_command: 'コマンドが見つかりません',
        menu_version: 'menu_version：1〜%{max} 文字のテキスト',
        ack_status: 'status：ok または failed',
        acks: 'acks：最大 %{max} 件の結果のリスト（各 { id, status, result? }）',
        result: 'result：JSON で %{max} バイト以内のオブジェクト',
        ack_state: 'このコマンドは%{state}です：結果はもう変えられません',
        not_sent: 'このコマンドはまだ配信されていません',
        locked: 'このロボットはロック中です（販売停止）：%{reason}',
      },
      state: {
        acknowledged: '完了',
        failed: '失敗',
        expired: '期限切れ',
        cancelled: '取消済み',
        queued: '待機中',
        sent: '送信済み',
      },
      card: 'コマンド',
      send: 'コマンド送信',
      sent: 'コマンドを登録しました',
      report: '%{done} 台登録、%{refused} 台拒否',
      none: 'コマンドはまだありません',
      locked: '%{by} がロック：%{reason}',
    },
    vocab: {
      sub: {
        command: {
          params: {
            fields: { reason: '理由', state: '営業状態', firmware: 'ファームウェア' },
            choices: { state: { open: '営業中', closed: '閉店', pause: '一時停止' } },
          },
        },
      },
    },
  },
};

export default { en, zh, es, ja };
