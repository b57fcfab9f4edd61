// The fleet operator's day: bulk actions over selected rows (more to come under vf.operator).
const en = {
  vf: {
    operator: {
      export: {
        error: {
          format: 'The export format must be xlsx or csv',
          tz: 'Unknown time zone',
          fields: 'Only fields of this list can be exported',
        },
        progress: '%{size} received (about %{total} rows)',
        cancel: 'Cancel',
        cancelled: 'Export cancelled',
        done: 'Exported %{name}',
      },
      bulk: {
        error: {
          action: 'No bulk action named "%{action}" here',
          ids: 'Select between 1 and %{max} rows',
        },
        confirm_title: '%{action}: %{smart_count} selected',
        confirm_content: 'Apply "%{action}" to %{smart_count} selected row? |||| Apply "%{action}" to %{smart_count} selected rows? Each row is checked on its own; rows that may not be changed are left as they are.',
        report_title: '%{action}',
        report: '%{done} done, %{refused} refused',
        refused_row: '%{name}: %{reason}',
      },
    },
  },
};

const zh: typeof en = {
  vf: {
    operator: {
      export: {
        error: {
          format: '导出格式必须是 xlsx 或 csv',
          tz: '未知的时区',
          fields: '只能导出此列表的字段',
        },
        progress: '已接收 %{size}（约 %{total} 行）',
        cancel: '取消',
        cancelled: '已取消导出',
        done: '已导出 %{name}',
      },
      bulk: {
        error: {
          action: '此处没有名为“%{action}”的批量操作',
          ids: '请选择 1 到 %{max} 行',
        },
        confirm_title: '%{action}：已选 %{smart_count} 行',
        confirm_content: '对所选的 %{smart_count} 行执行“%{action}”？每行单独检查，不允许修改的行保持不变。',
        report_title: '%{action}',
        report: '%{done} 行完成，%{refused} 行被拒绝',
        refused_row: '%{name}：%{reason}',
      },
    },
  },
};

const es: typeof en = {
  vf: {
    operator: {
      export: {
        error: {
          format: 'El formato de exportación debe ser xlsx o csv',
          tz: 'Zona horaria desconocida',
          fields: 'Solo se pueden exportar campos de esta lista',
        },
        progress: '%{size} recibidos (unas %{total} filas)',
        cancel: 'Cancelar',
        cancelled: 'Exportación cancelada',
        done: 'Exportado %{name}',
      },
      bulk: {
        error: {
          action: 'Aquí no hay ninguna acción masiva llamada "%{action}"',
          ids: 'Seleccione entre 1 y %{max} filas',
        },
        confirm_title: '%{action}: %{smart_count} seleccionadas',
        confirm_content: '¿Aplicar "%{action}" a %{smart_count} fila seleccionada? |||| ¿Aplicar "%{action}" a %{smart_count} filas seleccionadas? Cada fila se comprueba por separado; las que no se pueden cambiar quedan como están.',
        report_title: '%{action}',
        report: '%{done} hechas, %{refused} rechazadas',
        refused_row: '%{name}: %{reason}',
      },
    },
  },
};

const ja: typeof en = {
  vf: {
    operator: {
      export: {
        error: {
          format: 'エクスポート形式は xlsx または csv です',
          tz: '不明なタイムゾーンです',
          fields: 'この一覧の項目のみエクスポートできます',
        },
        progress: '%{size} 受信済み（約 %{total} 行）',
        cancel: 'キャンセル',
        cancelled: 'エクスポートを取り消しました',
        done: '%{name} をエクスポートしました',
      },
      bulk: {
        error: {
          action: 'ここには「%{action}」という一括操作はありません',
          ids: '1〜%{max} 行を選択してください',
        },
        confirm_title: '%{action}：%{smart_count} 行を選択中',
        confirm_content: '選択した %{smart_count} 行に「%{action}」を実行しますか？各行は個別に確認され、変更できない行はそのまま残ります。',
        report_title: '%{action}',
        report: '%{done} 件完了、%{refused} 件拒否',
        refused_row: '%{name}：%{reason}',
      },
    },
  },
};

export default { en, zh, es, ja };
