// The console's frame: sidebar, top bar, menu search, tabs of visited pages, settings drawer, error log.
// vf.layout.fullscreen.unsupported keeps the wording operators know from the old console (docs/rules.md, Messages).
const en = {
  vf: {
    layout: {
      sidebar: { open: 'Open the menu', close: 'Collapse the menu', label: 'Main menu' },
      breadcrumb: 'Breadcrumb',
      search: { open: 'Search the menu', placeholder: 'Search pages', no_results: 'No matching page' },
      error_log: {
        button: 'Error log',
        title: 'Errors caught in this browser',
        empty: 'No errors have been caught.',
        message: 'Message',
        stack: 'Stack trace',
        url: 'Page',
        time: 'Time',
        clear: 'Clear the log',
        close: 'Close',
      },
      fullscreen: { enter: 'Full screen', exit: 'Exit full screen', unsupported: 'you browser can not work' },
      size: { title: 'Layout size', default: 'Large', medium: 'Medium', small: 'Small', mini: 'Mini', changed: 'Size switched' },
      language: 'Language',
      settings: {
        open: 'Page style settings',
        title: 'Page style settings',
        theme_color: 'Theme colour',
        custom_color: 'Custom colour',
        tags_view: 'Open tabs',
        fixed_header: 'Fixed header',
        sidebar_logo: 'Sidebar logo',
        pinyin_search: 'Pinyin in menu search',
        reset: 'Restore the defaults',
      },
      tabs: {
        label: 'Open pages',
        refresh: 'Refresh',
        close: 'Close',
        close_others: 'Close others',
        close_all: 'Close all',
        menu: 'Tab actions',
      },
      route: { create: 'New %{name}', edit: 'Edit %{name}', show: '%{name} details' },
    },
  },
};

const zh = {
  vf: {
    layout: {
      sidebar: { open: '展开菜单', close: '收起菜单', label: '主菜单' },
      breadcrumb: '面包屑导航',
      search: { open: '搜索菜单', placeholder: '搜索页面', no_results: '没有匹配的页面' },
      error_log: {
        button: '错误日志',
        title: '本浏览器捕获的错误',
        empty: '尚未捕获到错误。',
        message: '错误信息',
        stack: '调用栈',
        url: '页面',
        time: '时间',
        clear: '清空日志',
        close: '关闭',
      },
      fullscreen: { enter: '全屏', exit: '退出全屏', unsupported: '您的浏览器不支持全屏' },
      size: { title: '布局大小', default: '默认', medium: '中', small: '小', mini: '迷你', changed: '布局大小已切换' },
      language: '语言',
      settings: {
        open: '页面风格设置',
        title: '页面风格设置',
        theme_color: '主题色',
        custom_color: '自定义颜色',
        tags_view: '开启标签页',
        fixed_header: '固定头部',
        sidebar_logo: '侧边栏 Logo',
        pinyin_search: '菜单搜索支持拼音',
        reset: '恢复默认设置',
      },
      tabs: {
        label: '已打开的页面',
        refresh: '刷新',
        close: '关闭',
        close_others: '关闭其他',
        close_all: '关闭所有',
        menu: '标签操作',
      },
      route: { create: '新建%{name}', edit: '编辑%{name}', show: '%{name}详情' },
    },
  },
};

const es = {
  vf: {
    layout: {
      sidebar: { open: 'Abrir el menú', close: 'Contraer el menú', label: 'Menú principal' },
      breadcrumb: 'Ruta de navegación',
      search: { open: 'Buscar en el menú', placeholder: 'Buscar páginas', no_results: 'Ninguna página coincide' },
      error_log: {
        button: 'Registro de errores',
        title: 'Errores capturados en este navegador',
        empty: 'No se ha capturado ningún error.',
        message: 'Mensaje',
        stack: 'Traza de la pila',
        url: 'Página',
        time: 'Hora',
        clear: 'Vaciar el registro',
        close: 'Cerrar',
      },
      fullscreen: { enter: 'Pantalla completa', exit: 'Salir de pantalla completa', unsupported: 'Su navegador no admite la pantalla completa' },
      size: { title: 'Tamaño de la interfaz', default: 'Grande', medium: 'Mediano', small: 'Pequeño', mini: 'Mínimo', changed: 'Tamaño cambiado' },
      language: 'Idioma',
      settings: {
        open: 'Ajustes de estilo de página',
        title: 'Ajustes de estilo de página',
        theme_color: 'Color del tema',
        custom_color: 'Color personalizado',
        tags_view: 'Pestañas abiertas',
        fixed_header: 'Cabecera fija',
        sidebar_logo: 'Logotipo en el menú lateral',
        pinyin_search: 'Pinyin en la búsqueda del menú',
        reset: 'Restablecer valores predeterminados',
      },
      tabs: {
        label: 'Páginas abiertas',
        refresh: 'Actualizar',
        close: 'Cerrar',
        close_others: 'Cerrar las demás',
        close_all: 'Cerrar todas',
        menu: 'Acciones de la pestaña',
      },
      route: { create: 'Nuevo: %{name}', edit: 'Editar: %{name}', show: 'Detalles: %{name}' },
    },
  },
};

const ja = {
  vf: {
    layout: {
      sidebar: { open: 'メニューを開く', close: 'メニューを折りたたむ', label: 'メインメニュー' },
      breadcrumb: 'パンくずリスト',
      search: { open: 'メニューを検索', placeholder: 'ページを検索', no_results: '該当するページはありません' },
      error_log: {
        button: 'エラーログ',
        title: 'このブラウザで捕捉したエラー',
        empty: 'エラーは捕捉されていません。',
        message: 'メッセージ',
        stack: 'スタックトレース',
        url: 'ページ',
        time: '日時',
        clear: 'ログを消去',
        close: '閉じる',
      },
      fullscreen: { enter: '全画面表示', exit: '全画面表示を終了', unsupported: 'お使いのブラウザは全画面表示に対応していません' },
      size: { title: 'レイアウトのサイズ', default: '大', medium: '中', small: '小', mini: '極小', changed: 'サイズを切り替えました' },
      language: '言語',
      settings: {
        open: 'ページスタイル設定',
        title: 'ページスタイル設定',
        theme_color: 'テーマカラー',
        custom_color: 'カスタムカラー',
        tags_view: 'タブ表示',
        fixed_header: 'ヘッダーを固定',
        sidebar_logo: 'サイドバーのロゴ',
        pinyin_search: 'メニュー検索でピンインを使う',
        reset: '初期設定に戻す',
      },
      tabs: {
        label: '開いているページ',
        refresh: '再読み込み',
        close: '閉じる',
        close_others: 'ほかを閉じる',
        close_all: 'すべて閉じる',
        menu: 'タブの操作',
      },
      route: { create: '%{name}の新規作成', edit: '%{name}の編集', show: '%{name}の詳細' },
    },
  },
};

export default { en, zh, es, ja };
