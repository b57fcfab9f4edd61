import type { ResourceLabels } from './types';

const labels: ResourceLabels = {
  en: {
    name: 'Q&A history |||| Q&A history',
    fields: {
      _id: 'Id',
      create_time: 'Time',
      device: 'Robot',
      dealer: 'Store',
      integrator: 'Brand',
      question: 'Question',
      answer: 'Answer',
      language: 'Language',
      q: 'Search questions and answers',
    },
  },
  zh: {
    name: '客服问答记录 |||| 客服问答记录',
    fields: {
      _id: '编号',
      create_time: '时间',
      device: '设备',
      dealer: '门店',
      integrator: '品牌',
      question: '问题',
      answer: '回答',
      language: '语言',
      q: '搜索问题和回答',
    },
  },
  es: {
    name: 'Historial de preguntas |||| Historial de preguntas',
    fields: {
      _id: 'Id',
      create_time: 'Hora',
      device: 'Robot',
      dealer: 'Tienda',
      integrator: 'Marca',
      question: 'Pregunta',
      answer: 'Respuesta',
      language: 'Idioma',
      q: 'Buscar en preguntas y respuestas',
    },
  },
  ja: {
    name: '問い合わせ履歴 |||| 問い合わせ履歴',
    fields: {
      _id: 'ID',
      create_time: '日時',
      device: 'ロボット',
      dealer: '店舗',
      integrator: 'ブランド',
      question: '質問',
      answer: '回答',
      language: '言語',
      q: '質問と回答を検索',
    },
  },
};
export default labels;
