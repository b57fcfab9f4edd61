// The operation log's words for what only the log names (src/log/parts.tsx looks here after the resource's own
// words and vf.service.log): the robot's steps of an order, two-factor sign-in, a saved filter (no declared
// resource), and the fields the service's own log entries write beside a resource's declared ones.
// tests/unit/declarations.test.ts reads every writeLog call and fails on an action or field without a word.
const en = {
  vf: {
    oplog: {
      action: {
        import: 'Import a spreadsheet',
        revert: 'Undo an import',
        progress: 'Making progress',
        pay: 'Payment',
        cancel: 'Cancel order',
        totp_enable: 'Turn on two-factor sign-in',
        totp_disable: 'Turn off two-factor sign-in',
        totp_locked: 'Wrong two-factor codes in a row',
        sign_in_held: 'Sign-in held (too many wrong guesses)',
        pause: 'Paused (failing deliveries)',
        default: 'Set default filter',
      },
      resource: { import: 'Spreadsheet import', saved_query: 'Saved filter' },
      field: {
        import: {
          list: 'List',
          file_name: 'File',
          rows: 'Rows',
          created: 'Added',
          updated: 'Changed',
          unchanged: 'Unchanged',
          refused: 'Refused',
          undone: 'Undone',
          conflicts: 'Left (changed since)',
        },
        order: { items: 'Items' },
        product: { fill_to: 'Fill to', source: 'From store', target: 'To store', copied: 'Copied products' },
        message: { count: 'Messages' },
        user: {
          failed_codes: 'Wrong codes in a row',
          step: 'Step',
          failures: 'Wrong guesses',
          held_until: 'Held until',
        },
        webhook: { failures: 'Failed attempts in a row', error: 'Last error' },
        notify_channel: { failures: 'Failed attempts in a row', error: 'Last error' },
        role: { role: 'Role', integrator: 'Brand', dealer: 'Store' },
        saved_query: { name: 'Name', resource: 'List', filter: 'Filter', sort: 'Sort', is_default: 'Default' },
      },
    },
  },
};

const zh = {
  vf: {
    oplog: {
      action: {
        import: '导入表格',
        revert: '撤销导入',
        progress: '制作进度',
        pay: '支付',
        cancel: '取消订单',
        totp_enable: '开启两步验证登录',
        totp_disable: '关闭两步验证登录',
        totp_locked: '连续输入错误的两步验证码',
        sign_in_held: '登录已暂停（错误尝试过多）',
        pause: '已暂停（推送持续失败）',
        default: '设为默认筛选',
      },
      resource: { import: '表格导入', saved_query: '已保存的筛选' },
      field: {
        import: {
          list: '列表',
          file_name: '文件',
          rows: '行数',
          created: '新增',
          updated: '修改',
          unchanged: '未变',
          refused: '拒绝',
          undone: '已撤销',
          conflicts: '保留（之后已修改）',
        },
        order: { items: '制作项' },
        product: { fill_to: '补足到', source: '来源门店', target: '目标门店', copied: '已复制商品' },
        message: { count: '消息数' },
        user: { failed_codes: '连续错误次数', step: '步骤', failures: '错误次数', held_until: '暂停至' },
        webhook: { failures: '连续失败次数', error: '最后一次错误' },
        notify_channel: { failures: '连续失败次数', error: '最后一次错误' },
        role: { role: '角色', integrator: '品牌', dealer: '门店' },
        saved_query: { name: '名称', resource: '列表', filter: '筛选条件', sort: '排序', is_default: '默认' },
      },
    },
  },
};

const es = {
  vf: {
    oplog: {
      action: {
        import: 'Importar una hoja de cálculo',
        revert: 'Deshacer una importación',
        progress: 'Avance de la preparación',
        pay: 'Pago',
        cancel: 'Cancelar pedido',
        totp_enable: 'Activar la verificación en dos pasos',
        totp_disable: 'Desactivar la verificación en dos pasos',
        totp_locked: 'Códigos de doble factor incorrectos seguidos',
        sign_in_held: 'Inicio de sesión retenido (demasiados intentos incorrectos)',
        pause: 'En pausa (envíos fallidos)',
        default: 'Filtro predeterminado',
      },
      resource: { import: 'Importación de hoja de cálculo', saved_query: 'Filtro guardado' },
      field: {
        import: {
          list: 'Lista',
          file_name: 'Archivo',
          rows: 'Filas',
          created: 'Añadidas',
          updated: 'Modificadas',
          unchanged: 'Sin cambios',
          refused: 'Rechazadas',
          undone: 'Deshechas',
          conflicts: 'Dejadas (cambiadas después)',
        },
        order: { items: 'Artículos' },
        product: {
          fill_to: 'Completar hasta',
          source: 'Tienda de origen',
          target: 'Tienda de destino',
          copied: 'Productos copiados',
        },
        message: { count: 'Mensajes' },
        user: {
          failed_codes: 'Códigos incorrectos seguidos',
          step: 'Paso',
          failures: 'Intentos incorrectos',
          held_until: 'Retenido hasta',
        },
        webhook: { failures: 'Intentos fallidos seguidos', error: 'Último error' },
        notify_channel: { failures: 'Intentos fallidos seguidos', error: 'Último error' },
        role: { role: 'Rol', integrator: 'Marca', dealer: 'Tienda' },
        saved_query: {
          name: 'Nombre',
          resource: 'Lista',
          filter: 'Filtro',
          sort: 'Orden',
          is_default: 'Predeterminado',
        },
      },
    },
  },
};

const ja = {
  vf: {
    oplog: {
      action: {
        import: 'スプレッドシートを取り込む',
        revert: '取り込みを元に戻す',
        progress: '製造の進行',
        pay: '支払い',
        cancel: '注文キャンセル',
        totp_enable: '2段階認証を有効化',
        totp_disable: '2段階認証を無効化',
        totp_locked: '2 段階認証コードの連続誤り',
        sign_in_held: 'サインインの保留（誤りが多すぎます）',
        pause: '一時停止（配信の失敗が続いたため）',
        default: 'デフォルトのフィルターを設定',
      },
      resource: { import: 'スプレッドシートの取り込み', saved_query: '保存済みフィルター' },
      field: {
        import: {
          list: '一覧',
          file_name: 'ファイル',
          rows: '行数',
          created: '追加',
          updated: '変更',
          unchanged: '変更なし',
          refused: '拒否',
          undone: '取り消し済み',
          conflicts: '保留（その後変更あり）',
        },
        order: { items: '品目' },
        product: { fill_to: '目標在庫', source: 'コピー元店舗', target: 'コピー先店舗', copied: 'コピーした商品' },
        message: { count: 'メッセージ数' },
        user: { failed_codes: '連続誤り回数', step: '段階', failures: '誤り回数', held_until: '保留期限' },
        webhook: { failures: '連続失敗回数', error: '直近のエラー' },
        notify_channel: { failures: '連続失敗回数', error: '直近のエラー' },
        role: { role: 'ロール', integrator: 'ブランド', dealer: '店舗' },
        saved_query: { name: '名前', resource: '一覧', filter: 'フィルター', sort: '並び順', is_default: 'デフォルト' },
      },
    },
  },
};

export default { en, zh, es, ja };
