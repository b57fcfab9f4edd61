// The fleet operator's day: bulk actions over selected rows, whole-list export, saved filters.
const en = {
  vf: {
    operator: {
      saved: {
        error: {
          resource: 'No such list',
          filter: 'The filter is not one this list can keep',
          duplicate: 'A saved filter named "%{name}" already exists',
          too_many: 'At most %{max} saved filters per list',
        },
        button: 'Saved filters',
        none: 'No saved filters yet',
        save: 'Save current filter…',
        save_title: 'Save the current filter',
        name: 'Name',
        as_default: 'Open this list with it',
        default: 'Default',
        make_default: 'Make default',
        remove: 'Delete',
        saved: 'Filter "%{name}" saved',
      },
      export: {
        error: {
          format: 'The export format must be xlsx or csv',
          tz: 'Unknown time zone',
          fields: 'Only fields of this list can be exported',
        },
        progress: '%{size} received (about %{total} rows)',
        cancel: 'Cancel',
        cancelled: 'Export cancelled',
        done: 'Exported %{name}: %{rows} row |||| Exported %{name}: %{rows} rows',
      },
      bulk: {
        error: {
          action: 'No bulk action named "%{action}" here',
        },
        confirm_title: '%{action}: %{smart_count} selected',
        confirm_content:
          'Apply "%{action}" to %{smart_count} selected row? |||| Apply "%{action}" to %{smart_count} selected rows? Each row is checked on its own; rows that may not be changed are left as they are.',
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
      saved: {
        error: {
          resource: '没有这个列表',
          filter: '此列表不能保存这个筛选条件',
          duplicate: '已存在名为“%{name}”的已存筛选',
          too_many: '每个列表最多 %{max} 个已存筛选',
        },
        button: '已存筛选',
        none: '还没有已存筛选',
        save: '保存当前筛选…',
        save_title: '保存当前筛选',
        name: '名称',
        as_default: '打开此列表时使用',
        default: '默认',
        make_default: '设为默认',
        remove: '删除',
        saved: '已保存筛选“%{name}”',
      },
      export: {
        error: {
          format: '导出格式必须是 xlsx 或 csv',
          tz: '未知的时区',
          fields: '只能导出此列表的字段',
        },
        progress: '已接收 %{size}（约 %{total} 行）',
        cancel: '取消',
        cancelled: '已取消导出',
        done: '已导出 %{name}：%{rows} 行',
      },
      bulk: {
        error: {
          action: '此处没有名为“%{action}”的批量操作',
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
      saved: {
        error: {
          resource: 'No existe esa lista',
          filter: 'Esta lista no puede guardar ese filtro',
          duplicate: 'Ya existe un filtro guardado llamado "%{name}"',
          too_many: 'Como máximo %{max} filtros guardados por lista',
        },
        button: 'Filtros guardados',
        none: 'Aún no hay filtros guardados',
        save: 'Guardar el filtro actual…',
        save_title: 'Guardar el filtro actual',
        name: 'Nombre',
        as_default: 'Abrir esta lista con él',
        default: 'Predeterminado',
        make_default: 'Hacer predeterminado',
        remove: 'Eliminar',
        saved: 'Filtro "%{name}" guardado',
      },
      export: {
        error: {
          format: 'El formato de exportación debe ser xlsx o csv',
          tz: 'Zona horaria desconocida',
          fields: 'Solo se pueden exportar campos de esta lista',
        },
        progress: '%{size} recibidos (unas %{total} filas)',
        cancel: 'Cancelar',
        cancelled: 'Exportación cancelada',
        done: 'Exportado %{name}: %{rows} fila |||| Exportado %{name}: %{rows} filas',
      },
      bulk: {
        error: {
          action: 'Aquí no hay ninguna acción masiva llamada "%{action}"',
        },
        confirm_title: '%{action}: %{smart_count} seleccionadas',
        confirm_content:
          '¿Aplicar "%{action}" a %{smart_count} fila seleccionada? |||| ¿Aplicar "%{action}" a %{smart_count} filas seleccionadas? Cada fila se comprueba por separado; las que no se pueden cambiar quedan como están.',
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
      saved: {
        error: {
          resource: 'その一覧はありません',
          filter: 'この一覧ではその絞り込みを保存できません',
          duplicate: '「%{name}」という保存済みの絞り込みが既にあります',
          too_many: '一覧ごとに保存できる絞り込みは最大 %{max} 件です',
        },
        button: '保存済みの絞り込み',
        none: '保存済みの絞り込みはまだありません',
        save: '現在の絞り込みを保存…',
        save_title: '現在の絞り込みを保存',
        name: '名前',
        as_default: 'この一覧を開くときに使う',
        default: '既定',
        make_default: '既定にする',
        remove: '削除',
        saved: '絞り込み「%{name}」を保存しました',
      },
      export: {
        error: {
          format: 'エクスポート形式は xlsx または csv です',
          tz: '不明なタイムゾーンです',
          fields: 'この一覧の項目のみエクスポートできます',
        },
        progress: '%{size} 受信済み（約 %{total} 行）',
        cancel: 'キャンセル',
        cancelled: 'エクスポートを取り消しました',
        done: '%{name} をエクスポートしました（%{rows} 行）',
      },
      bulk: {
        error: {
          action: 'ここには「%{action}」という一括操作はありません',
        },
        confirm_title: '%{action}：%{smart_count} 行を選択中',
        confirm_content:
          '選択した %{smart_count} 行に「%{action}」を実行しますか？各行は個別に確認され、変更できない行はそのまま残ります。',
        report_title: '%{action}',
        report: '%{done} 件完了、%{refused} 件拒否',
        refused_row: '%{name}：%{reason}',
      },
    },
  },
};

export default { en, zh, es, ja };
