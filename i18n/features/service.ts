// Vouchers, customer-service Q&A, fault reports, operation logs and role preview.
const en = {
  vf: {
    service: {
      error: {
        valid_to_order: '%{field} must be later than the start of validity',
        valid_to_past: '%{field} must be in the future',
        product_missing: 'The product does not exist or is outside your brand or store',
        codes_exhausted: 'Not enough free voucher codes could be drawn. Please try again.',
        voucher_missing: 'No such voucher in this store',
        written_off: 'This voucher has already been written off',
        voided: 'This voucher has been voided',
        expired: 'This voucher has expired',
        not_yet_valid: 'This voucher is not valid yet',
        photos: 'Photos: at most %{max} image paths',
        not_previewing: 'This session is not previewing a role',
      },
      generate: {
        button: 'Generate vouchers',
        title: 'Generate a batch of vouchers',
        submit: 'Generate',
        cancel: 'Cancel',
        done: '%{count} vouchers generated in batch %{batch}',
      },
      preview: {
        button: 'Preview as a role',
        title: 'Preview the console as a role',
        role: 'Role',
        menu: 'Menu entries this role sees (%{count})',
        none: 'This role sees only the dashboard',
        switch: 'Switch to this role',
        cancel: 'Cancel',
        banner: 'Previewing as %{role}',
        back: 'Switch back',
      },
      photos: { add: 'Add photos (at most %{max})', remove: 'Remove this photo', none: 'No photos', alt: 'Photo %{n}' },
      log: {
        changes: 'Changes',
        field: 'Field',
        none: 'No values recorded',
        device: 'Robot',
        action: { add: 'Create', edit: 'Edit', delete: 'Delete', generate: 'Generate', writeoff: 'Write off', preview: 'Start role preview', preview_end: 'End role preview', password: 'Change password', profile: 'Edit profile', order: 'Place order', copy: 'Copy', read_all: 'Mark all as read', gateway_refused: 'Refused robot call', approve: 'Approve' },
      },
    },
  },
};

const zh = {
  vf: {
    service: {
      error: {
        valid_to_order: '%{field}必须晚于生效时间',
        valid_to_past: '%{field}必须是将来的时间',
        product_missing: '商品不存在或不属于您的品牌或门店',
        codes_exhausted: '未能生成足够的可用券码，请重试。',
        voucher_missing: '本门店没有这个乐码',
        written_off: '该乐码已核销',
        voided: '该乐码已作废',
        expired: '该乐码已过期',
        not_yet_valid: '该乐码尚未生效',
        photos: '照片：最多 %{max} 个图片路径',
        not_previewing: '当前会话没有在预览角色',
      },
      generate: {
        button: '生成乐码',
        title: '批量生成乐码',
        submit: '生成',
        cancel: '取消',
        done: '已在批次 %{batch} 中生成 %{count} 个乐码',
      },
      preview: {
        button: '以角色预览',
        title: '以某个角色预览后台',
        role: '角色',
        menu: '该角色可见的菜单（%{count}）',
        none: '该角色只能看到首页',
        switch: '切换到此角色',
        cancel: '取消',
        banner: '正在以 %{role} 预览',
        back: '切换回来',
      },
      photos: { add: '添加照片（最多 %{max} 张）', remove: '删除这张照片', none: '没有照片', alt: '照片 %{n}' },
      log: {
        changes: '变更',
        field: '字段',
        none: '没有记录的值',
        device: '设备',
        action: { add: '新增', edit: '编辑', delete: '删除', generate: '生成', writeoff: '核销', preview: '开始角色预览', preview_end: '结束角色预览', password: '修改密码', profile: '修改资料', order: '下单', copy: '复制', read_all: '全部标为已读', gateway_refused: '拒绝的设备调用', approve: '审核通过' },
      },
    },
  },
};

const es = {
  vf: {
    service: {
      error: {
        valid_to_order: '%{field} debe ser posterior al inicio de la validez',
        valid_to_past: '%{field} debe estar en el futuro',
        product_missing: 'El producto no existe o no pertenece a su marca o tienda',
        codes_exhausted: 'No se pudieron obtener suficientes códigos libres. Inténtelo de nuevo.',
        voucher_missing: 'No existe ese vale en esta tienda',
        written_off: 'Este vale ya ha sido canjeado',
        voided: 'Este vale ha sido anulado',
        expired: 'Este vale ha caducado',
        not_yet_valid: 'Este vale aún no es válido',
        photos: 'Fotos: como máximo %{max} rutas de imagen',
        not_previewing: 'Esta sesión no está previsualizando ningún rol',
      },
      generate: {
        button: 'Generar vales',
        title: 'Generar un lote de vales',
        submit: 'Generar',
        cancel: 'Cancelar',
        done: '%{count} vales generados en el lote %{batch}',
      },
      preview: {
        button: 'Ver como un rol',
        title: 'Ver la consola como un rol',
        role: 'Rol',
        menu: 'Entradas de menú que ve este rol (%{count})',
        none: 'Este rol solo ve el panel',
        switch: 'Cambiar a este rol',
        cancel: 'Cancelar',
        banner: 'Viendo como %{role}',
        back: 'Volver',
      },
      photos: { add: 'Añadir fotos (como máximo %{max})', remove: 'Quitar esta foto', none: 'Sin fotos', alt: 'Foto %{n}' },
      log: {
        changes: 'Cambios',
        field: 'Campo',
        none: 'No hay valores registrados',
        device: 'Robot',
        action: { add: 'Crear', edit: 'Editar', delete: 'Eliminar', generate: 'Generar', writeoff: 'Canjear', preview: 'Iniciar vista de rol', preview_end: 'Terminar vista de rol', password: 'Cambiar contraseña', profile: 'Editar perfil', order: 'Hacer pedido', copy: 'Copiar', read_all: 'Marcar todo como leído', gateway_refused: 'Llamada de robot rechazada', approve: 'Aprobar' },
      },
    },
  },
};

const ja = {
  vf: {
    service: {
      error: {
        valid_to_order: '%{field}は有効開始より後にしてください',
        valid_to_past: '%{field}は未来の日時にしてください',
        product_missing: '商品が存在しないか、ご自身のブランドまたは店舗のものではありません',
        codes_exhausted: '使用可能なクーポンコードを十分に生成できませんでした。もう一度お試しください。',
        voucher_missing: 'この店舗にそのクーポンはありません',
        written_off: 'このクーポンは使用済みです',
        voided: 'このクーポンは無効にされています',
        expired: 'このクーポンは有効期限切れです',
        not_yet_valid: 'このクーポンはまだ有効ではありません',
        photos: '写真：画像パスは最大 %{max} 件です',
        not_previewing: 'このセッションはロールをプレビューしていません',
      },
      generate: {
        button: 'クーポンを発行',
        title: 'クーポンを一括発行',
        submit: '発行',
        cancel: 'キャンセル',
        done: 'バッチ %{batch} で %{count} 枚のクーポンを発行しました',
      },
      preview: {
        button: 'ロールでプレビュー',
        title: 'ロールとして管理画面をプレビュー',
        role: 'ロール',
        menu: 'このロールに表示されるメニュー（%{count}）',
        none: 'このロールにはダッシュボードのみ表示されます',
        switch: 'このロールに切り替える',
        cancel: 'キャンセル',
        banner: '%{role} としてプレビュー中',
        back: '元に戻す',
      },
      photos: { add: '写真を追加（最大 %{max} 枚）', remove: 'この写真を削除', none: '写真はありません', alt: '写真 %{n}' },
      log: {
        changes: '変更内容',
        field: '項目',
        none: '記録された値はありません',
        device: 'ロボット',
        action: { add: '作成', edit: '編集', delete: '削除', generate: '発行', writeoff: '使用', preview: 'ロールプレビュー開始', preview_end: 'ロールプレビュー終了', password: 'パスワード変更', profile: 'プロフィール編集', order: '注文', copy: 'コピー', read_all: 'すべて既読にする', gateway_refused: '拒否されたロボットの呼び出し', approve: '承認' },
      },
    },
  },
};

export default { en, zh, es, ja };
