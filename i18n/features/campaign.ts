// Campaigns and firmware (docs/campaigns.md): refusals, the funnel's words, and the labels of the campaign's
// declared objects (its window and abort rules).
import type { FeatureTexts } from './texts';

const en = {
  vf: {
    campaign: {
      error: {
        semver: 'Enter a version as semver names it, e.g. 1.4.0',
        firmware_version: 'firmware_version is the version the robot runs, 1 to %{max} characters',
        firmware_file: 'Upload the firmware image first (the path the upload answered)',
        firmware_upload: 'No firmware image uploaded at this path',
        firmware: 'No firmware with this id',
        firmware_type: 'This firmware is for %{type} robots only',
        phases: 'Phases are percents from 1 to 100, ascending, at most %{max}, the last one 100',
        target: 'Name robots (1 to %{max}) or a robot-list filter, one of the two',
        window: 'Enter a time of day as HH:mm, e.g. 22:00',
        window_same: 'The window must start and end at different times',
        empty: 'The target holds no robot in your scope',
        delete: 'Only a draft campaign can be deleted',
      },
      counts: {
        targeted: 'Targeted',
        waiting: 'Waiting',
        queued: 'Queued',
        sent: 'Sent',
        acknowledged: 'Acknowledged',
        failed: 'Failed',
        expired: 'Expired',
        skipped: 'Skipped',
      },
      reason: {
        failed: '%{failures} of %{outcomes} outcomes failed (%{percent} %, limit %{limit} %)',
      },
      funnel: 'Progress',
      start_here: 'Start a campaign',
      reaches: '%{smart_count} robot |||| %{smart_count} robots',
      phases_help: 'Percents of the target, ascending, the last 100: e.g. 1, 10, 100',
      target: { filter: 'Robots matching', devices: 'Chosen robots' },
      phase_of: 'Phase %{phase} of %{phases}',
      outcomes: 'Outcomes over time (per %{minutes} min)',
      outcomes_from: 'From',
    },
    vocab: {
      sub: {
        campaign: {
          window: { fields: { from: 'From', to: 'To' } },
          abort: {
            fields: {
              failed_percent: 'Failed share (%)',
              min_outcomes: 'Once outcomes reach',
              offline_minutes: 'Offline within (min) of done',
              alarm_minutes: 'Error alarm within (min) of done',
            },
          },
        },
      },
    },
  },
};

const zh: typeof en = {
  vf: {
    campaign: {
      error: {
        semver: '请按语义化版本填写，例如 1.4.0',
        firmware_version: 'firmware_version 为设备运行的固件版本，1 到 %{max} 个字符',
        firmware_file: '请先上传固件镜像（使用上传返回的路径）',
        firmware_upload: '此路径没有已上传的固件镜像',
        firmware: '没有此编号的固件',
        firmware_type: '此固件仅适用于%{type}设备',
        phases: '阶段为 1 到 100 的百分比，递增，最多 %{max} 个，最后一个为 100',
        target: '请指定设备（1 到 %{max} 台）或设备列表筛选条件，二者选一',
        window: '请按 HH:mm 填写时间，例如 22:00',
        window_same: '时间窗口的开始和结束不能相同',
        empty: '目标中没有您范围内的设备',
        delete: '只能删除草稿状态的批量任务',
      },
      counts: {
        targeted: '目标',
        waiting: '等待中',
        queued: '已排队',
        sent: '已下发',
        acknowledged: '已确认',
        failed: '失败',
        expired: '已过期',
        skipped: '已跳过',
      },
      reason: {
        failed: '%{outcomes} 个结果中 %{failures} 个失败（%{percent} %，上限 %{limit} %）',
      },
      funnel: '进度',
      start_here: '发起批量任务',
      reaches: '%{smart_count} 台设备',
      phases_help: '目标的百分比，递增，最后为 100，例如 1, 10, 100',
      target: { filter: '按条件筛选', devices: '指定设备' },
      phase_of: '第 %{phase} 阶段，共 %{phases} 阶段',
      outcomes: '结果趋势（每 %{minutes} 分钟）',
      outcomes_from: '起始',
    },
    vocab: {
      sub: {
        campaign: {
          window: { fields: { from: '开始', to: '结束' } },
          abort: {
            fields: {
              failed_percent: '失败比例（%）',
              min_outcomes: '结果数达到',
              offline_minutes: '完成后离线（分钟内）',
              alarm_minutes: '完成后错误告警（分钟内）',
            },
          },
        },
      },
    },
  },
};

const es: typeof en = {
  vf: {
    campaign: {
      error: {
        semver: 'Escriba una versión semver, p. ej. 1.4.0',
        firmware_version: 'firmware_version es la versión que ejecuta el robot, de 1 a %{max} caracteres',
        firmware_file: 'Suba primero la imagen del firmware (la ruta que respondió la subida)',
        firmware_upload: 'No hay imagen de firmware subida en esta ruta',
        firmware: 'No existe un firmware con este id',
        firmware_type: 'Este firmware es solo para robots %{type}',
        phases: 'Las fases son porcentajes de 1 a 100, ascendentes, como mucho %{max}, la última 100',
        target: 'Indique robots (de 1 a %{max}) o un filtro de la lista de robots, uno de los dos',
        window: 'Escriba una hora como HH:mm, p. ej. 22:00',
        window_same: 'La ventana debe empezar y terminar a horas distintas',
        empty: 'El destino no tiene ningún robot de su ámbito',
        delete: 'Solo se puede eliminar una campaña en borrador',
      },
      counts: {
        targeted: 'Destino',
        waiting: 'En espera',
        queued: 'En cola',
        sent: 'Enviadas',
        acknowledged: 'Confirmadas',
        failed: 'Fallidas',
        expired: 'Caducadas',
        skipped: 'Omitidas',
      },
      reason: {
        failed: '%{failures} de %{outcomes} resultados fallaron (%{percent} %, límite %{limit} %)',
      },
      funnel: 'Progreso',
      start_here: 'Iniciar una campaña',
      reaches: '%{smart_count} robot |||| %{smart_count} robots',
      phases_help: 'Porcentajes del destino, ascendentes, el último 100: p. ej. 1, 10, 100',
      target: { filter: 'Robots que cumplen', devices: 'Robots elegidos' },
      phase_of: 'Fase %{phase} de %{phases}',
      outcomes: 'Resultados en el tiempo (cada %{minutes} min)',
      outcomes_from: 'Desde',
    },
    vocab: {
      sub: {
        campaign: {
          window: { fields: { from: 'Desde', to: 'Hasta' } },
          abort: {
            fields: {
              failed_percent: 'Parte fallida (%)',
              min_outcomes: 'Cuando los resultados lleguen a',
              offline_minutes: 'Desconectado en (min) tras terminar',
              alarm_minutes: 'Alarma de error en (min) tras terminar',
            },
          },
        },
      },
    },
  },
};

const ja: typeof en = {
  vf: {
    campaign: {
      error: {
        semver: 'セマンティックバージョンで入力してください（例：1.4.0）',
        firmware_version: 'firmware_version はロボットが実行中のバージョンで、1〜%{max}文字です',
        firmware_file: '先にファームウェアイメージをアップロードしてください（アップロードが返したパス）',
        firmware_upload: 'このパスにアップロードされたファームウェアはありません',
        firmware: 'このIDのファームウェアはありません',
        firmware_type: 'このファームウェアは%{type}ロボット専用です',
        phases: 'フェーズは1〜100の昇順の割合で、最大%{max}個、最後は100です',
        target: 'ロボット（1〜%{max}台）かロボット一覧の絞り込みのどちらか一方を指定してください',
        window: '時刻はHH:mmで入力してください（例：22:00）',
        window_same: '時間帯の開始と終了は異なる時刻にしてください',
        empty: '対象に権限内のロボットがありません',
        delete: '削除できるのは下書きのキャンペーンだけです',
      },
      counts: {
        targeted: '対象',
        waiting: '待機',
        queued: 'キュー済み',
        sent: '送信済み',
        acknowledged: '完了',
        failed: '失敗',
        expired: '期限切れ',
        skipped: 'スキップ',
      },
      reason: {
        failed: '%{outcomes}件の結果のうち%{failures}件が失敗（%{percent} %、上限%{limit} %）',
      },
      funnel: '進捗',
      start_here: 'キャンペーンを開始',
      reaches: '%{smart_count}台のロボット',
      phases_help: '対象の割合を昇順で、最後は100（例：1, 10, 100）',
      target: { filter: '条件に合うロボット', devices: '選んだロボット' },
      phase_of: 'フェーズ %{phase} / %{phases}',
      outcomes: '結果の推移（%{minutes} 分ごと）',
      outcomes_from: '開始',
    },
    vocab: {
      sub: {
        campaign: {
          window: { fields: { from: '開始', to: '終了' } },
          abort: {
            fields: {
              failed_percent: '失敗の割合（%）',
              min_outcomes: '結果の数がこれに達したら',
              offline_minutes: '完了後のオフライン（分以内）',
              alarm_minutes: '完了後のエラーアラーム（分以内）',
            },
          },
        },
      },
    },
  },
};

const campaign: FeatureTexts = { en, zh, es, ja };
export default campaign;
