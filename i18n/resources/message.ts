import { CATEGORY_LABELS } from './alarm';
import type { ResourceLabels } from './types';

const labels: ResourceLabels = {
  en: {
    name: 'Message |||| Messages',
    fields: {
      _id: 'Id',
      level: 'Level',
      code: 'Code',
      title: 'Title',
      content: 'Content',
      device: 'Robot',
      dealer: 'Store',
      integrator: 'Brand',
      detail: 'Detail',
      read: 'Read',
      create_time: 'Time',
      q: 'Search',
    },
    choices: {
      category: CATEGORY_LABELS.en,
      level: { info: 'Info', success: 'Resolved', warning: 'Warning', error: 'Alarm' },
    },
    actions: { mark_read: 'Mark as read' },
  },
  zh: {
    name: '消息 |||| 消息',
    fields: {
      _id: '编号',
      level: '级别',
      code: '代码',
      title: '标题',
      content: '内容',
      device: '设备',
      dealer: '门店',
      integrator: '品牌',
      detail: '详情',
      read: '已读',
      create_time: '时间',
      q: '搜索',
    },
    choices: {
      category: CATEGORY_LABELS.zh,
      level: { info: '通知', success: '已恢复', warning: '警告', error: '告警' },
    },
    actions: { mark_read: '标为已读' },
  },
  es: {
    name: 'Mensaje |||| Mensajes',
    fields: {
      _id: 'Id',
      level: 'Nivel',
      code: 'Código',
      title: 'Título',
      content: 'Contenido',
      device: 'Robot',
      dealer: 'Tienda',
      integrator: 'Marca',
      detail: 'Detalle',
      read: 'Leído',
      create_time: 'Hora',
      q: 'Buscar',
    },
    choices: {
      category: CATEGORY_LABELS.es,
      level: { info: 'Información', success: 'Resuelto', warning: 'Aviso', error: 'Alarma' },
    },
    actions: { mark_read: 'Marcar como leído' },
  },
  ja: {
    name: 'メッセージ |||| メッセージ',
    fields: {
      _id: 'ID',
      level: 'レベル',
      code: 'コード',
      title: 'タイトル',
      content: '内容',
      device: 'ロボット',
      dealer: '店舗',
      integrator: 'ブランド',
      detail: '詳細',
      read: '既読',
      create_time: '日時',
      q: '検索',
    },
    choices: {
      category: CATEGORY_LABELS.ja,
      level: { info: 'お知らせ', success: '復旧', warning: '警告', error: 'アラーム' },
    },
    actions: { mark_read: '既読にする' },
  },
};
export default labels;
