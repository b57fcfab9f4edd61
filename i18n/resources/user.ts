import type { ResourceLabels } from './types';

const labels: ResourceLabels = {
  en: {
    name: 'Account |||| Accounts',
    fields: {
      _id: 'Login name', nickname: 'Nickname', email: 'E-mail', password: 'Password', account_type: 'Account type',
      roles: 'Roles', integrator: 'Brand', dealer: 'Store', status: 'Status', avatar: 'Avatar',
      create_timestamp: 'Registered', last_login: 'Last login', q: 'Search',
    },
    choices: {
      account_type: { SUPER: 'Super administrator', PROVIDER: 'Provider staff', INTEGRATOR: 'Brand', DEALER: 'Store' },
      status: { normal: 'Normal', frozen: 'Frozen', deleted: 'Deleted' },
    },
    actions: { freeze: 'Freeze', unfreeze: 'Unfreeze', set_roles: 'Set roles', set_password: 'Set password', delete: 'Delete' },
  },
  zh: {
    name: '账号 |||| 账号',
    fields: {
      _id: '登录名', nickname: '昵称', email: '邮箱', password: '密码', account_type: '账号类型',
      roles: '角色', integrator: '品牌', dealer: '门店', status: '状态', avatar: '头像',
      create_timestamp: '注册时间', last_login: '最后登录', q: '搜索',
    },
    choices: {
      account_type: { SUPER: '超级管理员', PROVIDER: '平台人员', INTEGRATOR: '品牌', DEALER: '门店' },
      status: { normal: '正常', frozen: '已冻结', deleted: '已删除' },
    },
    actions: { freeze: '冻结', unfreeze: '解冻', set_roles: '设置角色', set_password: '设置密码', delete: '删除' },
  },
  es: {
    name: 'Cuenta |||| Cuentas',
    fields: {
      _id: 'Nombre de usuario', nickname: 'Apodo', email: 'Correo electrónico', password: 'Contraseña',
      account_type: 'Tipo de cuenta', roles: 'Roles', integrator: 'Marca', dealer: 'Tienda', status: 'Estado',
      avatar: 'Avatar', create_timestamp: 'Registrada', last_login: 'Último acceso', q: 'Buscar',
    },
    choices: {
      account_type: { SUPER: 'Superadministrador', PROVIDER: 'Personal del proveedor', INTEGRATOR: 'Marca', DEALER: 'Tienda' },
      status: { normal: 'Normal', frozen: 'Congelada', deleted: 'Eliminada' },
    },
    actions: { freeze: 'Congelar', unfreeze: 'Descongelar', set_roles: 'Asignar roles', set_password: 'Cambiar contraseña', delete: 'Eliminar' },
  },
  ja: {
    name: 'アカウント |||| アカウント',
    fields: {
      _id: 'ログイン名', nickname: 'ニックネーム', email: 'メールアドレス', password: 'パスワード',
      account_type: 'アカウント種別', roles: 'ロール', integrator: 'ブランド', dealer: '店舗', status: 'ステータス',
      avatar: 'アバター', create_timestamp: '登録日時', last_login: '最終ログイン', q: '検索',
    },
    choices: {
      account_type: { SUPER: 'スーパー管理者', PROVIDER: 'プラットフォーム担当', INTEGRATOR: 'ブランド', DEALER: '店舗' },
      status: { normal: '正常', frozen: '凍結中', deleted: '削除済み' },
    },
    actions: { freeze: '凍結', unfreeze: '凍結解除', set_roles: 'ロール設定', set_password: 'パスワード設定', delete: '削除' },
  },
};
export default labels;
