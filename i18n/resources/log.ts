import type { ResourceLabels } from './types';

const labels: ResourceLabels = {
  en: {
    name: 'Operation log |||| Operation logs',
    fields: { _id: 'Id', time: 'Time', operator: 'Operator', account_type: 'Account type', action: 'Action', resource: 'Resource', record: 'Record', integrator: 'Brand', dealer: 'Store', before: 'Before', after: 'After', ip: 'Address', q: 'Search' },
  },
  zh: {
    name: '操作日志 |||| 操作日志',
    fields: { _id: '编号', time: '时间', operator: '操作人', account_type: '账号类型', action: '操作', resource: '资源', record: '记录', integrator: '品牌', dealer: '门店', before: '修改前', after: '修改后', ip: '地址', q: '搜索' },
  },
  es: {
    name: 'Registro de operaciones |||| Registro de operaciones',
    fields: { _id: 'Id', time: 'Hora', operator: 'Operador', account_type: 'Tipo de cuenta', action: 'Acción', resource: 'Recurso', record: 'Registro', integrator: 'Marca', dealer: 'Tienda', before: 'Antes', after: 'Después', ip: 'Dirección', q: 'Buscar' },
  },
  ja: {
    name: '操作ログ |||| 操作ログ',
    fields: { _id: 'ID', time: '日時', operator: '操作者', account_type: 'アカウント種別', action: '操作', resource: 'リソース', record: 'レコード', integrator: 'ブランド', dealer: '店舗', before: '変更前', after: '変更後', ip: 'アドレス', q: '検索' },
  },
};
export default labels;
