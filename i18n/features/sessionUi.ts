// The browser's session (cookie, CSRF defence), flood limits, and the tenant a role preview narrows to.
import type { FeatureTexts } from './texts';

const en = {
  vf: {
    sessionUi: {
      error: {
        csrf: 'This request did not come from the console page and was refused. Reload the page and try again.',
        flood: 'Too many requests. Slow down and try again in a moment.',
        preview_dealer: 'Choose the store whose data the preview shows',
        preview_integrator: 'Choose the brand whose data the preview shows',
      },
      preview: {
        choose_integrator: 'Brand to preview',
        choose_dealer: 'Store to preview',
        tenant: 'Showing %{name}',
      },
    },
  },
};

const zh = {
  vf: {
    sessionUi: {
      error: {
        csrf: '该请求不是来自控制台页面，已被拒绝。请刷新页面后重试。',
        flood: '请求过于频繁，请稍后再试。',
        preview_dealer: '请选择预览所显示数据的门店',
        preview_integrator: '请选择预览所显示数据的品牌',
      },
      preview: {
        choose_integrator: '预览的品牌',
        choose_dealer: '预览的门店',
        tenant: '正在显示 %{name}',
      },
    },
  },
};

const es = {
  vf: {
    sessionUi: {
      error: {
        csrf: 'Esta solicitud no procede de la página de la consola y se ha rechazado. Recargue la página e inténtelo de nuevo.',
        flood: 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
        preview_dealer: 'Elija la tienda cuyos datos muestra la vista previa',
        preview_integrator: 'Elija la marca cuyos datos muestra la vista previa',
      },
      preview: {
        choose_integrator: 'Marca de la vista previa',
        choose_dealer: 'Tienda de la vista previa',
        tenant: 'Mostrando %{name}',
      },
    },
  },
};

const ja = {
  vf: {
    sessionUi: {
      error: {
        csrf: 'このリクエストはコンソールの画面から送られていないため拒否されました。ページを再読み込みしてもう一度お試しください。',
        flood: 'リクエストが多すぎます。しばらくしてからもう一度お試しください。',
        preview_dealer: 'プレビューで表示する店舗を選んでください',
        preview_integrator: 'プレビューで表示するブランドを選んでください',
      },
      preview: {
        choose_integrator: 'プレビューするブランド',
        choose_dealer: 'プレビューする店舗',
        tenant: '%{name} を表示中',
      },
    },
  },
};

const texts: FeatureTexts = { en, zh, es, ja };
export default texts;
