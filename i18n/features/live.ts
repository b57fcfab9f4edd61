// The live fleet: the robots' gateway errors, the live-updates state, the messages screen's extras.
const en = {
  vf: {
    live: {
      error: {
        state: 'State must be one of: %{states}',
        work_status: 'Work status must be text of at most %{max} characters',
        code: 'Unknown notification code: %{code}',
        detail: 'Detail must be an object of at most %{max} bytes',
      },
      live_on: 'Live updates on',
      live_off: 'Live updates reconnecting…',
      mark_all_read: 'Mark all as read',
      marked_read: '%{count} messages marked as read',
      unread_only: 'Unread only',
      time_from: 'From',
      time_to: 'To',
    },
  },
};

const zh = {
  vf: {
    live: {
      error: {
        state: '状态必须是以下之一：%{states}',
        work_status: '工作状态必须是不超过 %{max} 个字符的文本',
        code: '未知的通知代码：%{code}',
        detail: '详情必须是不超过 %{max} 字节的对象',
      },
      live_on: '实时更新已连接',
      live_off: '实时更新正在重连…',
      mark_all_read: '全部标为已读',
      marked_read: '已将 %{count} 条消息标为已读',
      unread_only: '仅看未读',
      time_from: '开始时间',
      time_to: '结束时间',
    },
  },
};

const es = {
  vf: {
    live: {
      error: {
        state: 'El estado debe ser uno de: %{states}',
        work_status: 'El estado de trabajo debe ser un texto de como máximo %{max} caracteres',
        code: 'Código de notificación desconocido: %{code}',
        detail: 'El detalle debe ser un objeto de como máximo %{max} bytes',
      },
      live_on: 'Actualización en directo activa',
      live_off: 'Reconectando la actualización en directo…',
      mark_all_read: 'Marcar todo como leído',
      marked_read: '%{count} mensajes marcados como leídos',
      unread_only: 'Solo sin leer',
      time_from: 'Desde',
      time_to: 'Hasta',
    },
  },
};

const ja = {
  vf: {
    live: {
      error: {
        state: '状態は次のいずれかにしてください：%{states}',
        work_status: '稼働状況は %{max} 文字以内のテキストにしてください',
        code: '不明な通知コード：%{code}',
        detail: '詳細は %{max} バイト以内のオブジェクトにしてください',
      },
      live_on: 'ライブ更新に接続中',
      live_off: 'ライブ更新を再接続しています…',
      mark_all_read: 'すべて既読にする',
      marked_read: '%{count} 件のメッセージを既読にしました',
      unread_only: '未読のみ',
      time_from: '開始',
      time_to: '終了',
    },
  },
};

export default { en, zh, es, ja };
