import type { ResourceLabels } from './types';

const groupsEn = {
  device: 'Robots',
  integrator: 'Brands',
  account: 'Accounts',
  role: 'Roles',
  authorization: 'Permissions',
  order: 'Orders',
  product: 'Products',
  dealer: 'Stores',
  message: 'Messages',
  payment: 'Payments',
  chatterbot: 'Customer-service Q&A',
  report: 'Fault reports',
  voucher: 'Vouchers',
  system: 'System',
};
const groupsZh = {
  device: '设备',
  integrator: '品牌',
  account: '账号',
  role: '角色',
  authorization: '权限',
  order: '订单',
  product: '商品',
  dealer: '门店',
  message: '消息',
  payment: '支付',
  chatterbot: '客服问答',
  report: '故障报告',
  voucher: '券码',
  system: '系统',
};
const groupsEs = {
  device: 'Robots',
  integrator: 'Marcas',
  account: 'Cuentas',
  role: 'Roles',
  authorization: 'Permisos',
  order: 'Pedidos',
  product: 'Productos',
  dealer: 'Tiendas',
  message: 'Mensajes',
  payment: 'Pagos',
  chatterbot: 'Preguntas de atención al cliente',
  report: 'Informes de averías',
  voucher: 'Cupones',
  system: 'Sistema',
};
const groupsJa = {
  device: 'ロボット',
  integrator: 'ブランド',
  account: 'アカウント',
  role: 'ロール',
  authorization: '権限',
  order: '注文',
  product: '商品',
  dealer: '店舗',
  message: 'メッセージ',
  payment: '決済',
  chatterbot: 'カスタマーサービスQ&A',
  report: '故障レポート',
  voucher: 'クーポン',
  system: 'システム',
};

const labels: ResourceLabels = {
  en: {
    name: 'Permission |||| Permissions',
    fields: { _id: 'Permission id', display_name: 'Name', group: 'Group', create_time: 'Created', q: 'Search' },
    choices: { group: groupsEn },
  },
  zh: {
    name: '权限 |||| 权限',
    fields: { _id: '权限标识', display_name: '名称', group: '分组', create_time: '创建时间', q: '搜索' },
    choices: { group: groupsZh },
  },
  es: {
    name: 'Permiso |||| Permisos',
    fields: { _id: 'Id del permiso', display_name: 'Nombre', group: 'Grupo', create_time: 'Creado', q: 'Buscar' },
    choices: { group: groupsEs },
  },
  ja: {
    name: '権限 |||| 権限',
    fields: { _id: '権限ID', display_name: '名称', group: 'グループ', create_time: '作成日時', q: '検索' },
    choices: { group: groupsJa },
  },
};
export default labels;
