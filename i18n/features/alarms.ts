// Alarms: the top bar's bell, the alarm list's extras, a robot's alarms on its info page.
const en = {
  vf: {
    alarms: {
      bell: '%{smart_count} active alarm |||| %{smart_count} active alarms',
      bell_none: 'No active alarms',
      duration: 'Duration',
      title: 'Alarm',
      robot_active: 'Active alarms',
      robot_history: 'Alarm history, last 30 days',
      robot_none_active: 'No active alarms',
      robot_none_history: 'No alarms in the last 30 days',
      all: 'All alarms of this robot',
      cleared_by_code: 'cleared by code %{code}',
      times: '×%{count}',
    },
  },
};

const zh = {
  vf: {
    alarms: {
      bell: '%{smart_count} 条未处理告警 |||| %{smart_count} 条未处理告警',
      bell_none: '没有未处理告警',
      duration: '持续时间',
      title: '告警',
      robot_active: '未处理告警',
      robot_history: '近 30 天告警记录',
      robot_none_active: '没有未处理告警',
      robot_none_history: '近 30 天没有告警',
      all: '该设备的全部告警',
      cleared_by_code: '已由代码 %{code} 清除',
      times: '×%{count}',
    },
  },
};

const es = {
  vf: {
    alarms: {
      bell: '%{smart_count} alarma activa |||| %{smart_count} alarmas activas',
      bell_none: 'Ninguna alarma activa',
      duration: 'Duración',
      title: 'Alarma',
      robot_active: 'Alarmas activas',
      robot_history: 'Historial de alarmas, últimos 30 días',
      robot_none_active: 'Ninguna alarma activa',
      robot_none_history: 'Ninguna alarma en los últimos 30 días',
      all: 'Todas las alarmas de este robot',
      cleared_by_code: 'borrada por el código %{code}',
      times: '×%{count}',
    },
  },
};

const ja = {
  vf: {
    alarms: {
      bell: '未対応のアラーム %{smart_count} 件 |||| 未対応のアラーム %{smart_count} 件',
      bell_none: '未対応のアラームはありません',
      duration: '継続時間',
      title: 'アラーム',
      robot_active: '未対応のアラーム',
      robot_history: '過去 30 日のアラーム履歴',
      robot_none_active: '未対応のアラームはありません',
      robot_none_history: '過去 30 日にアラームはありません',
      all: 'このロボットのすべてのアラーム',
      cleared_by_code: 'コード %{code} で解除',
      times: '×%{count}',
    },
  },
};

export default { en, zh, es, ja };
