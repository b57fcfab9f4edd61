import type { ResourceLabels } from './types';

const labels: ResourceLabels = {
  en: {
    name: 'Role |||| Roles',
    fields: {
      _id: 'Role id',
      display_name: 'Name',
      description: 'Description',
      account_type: 'For account type',
      authorizations: 'Authorizations',
      require_totp: 'Two-factor sign-in required',
      create_time: 'Created',
      q: 'Search',
    },
    choices: {
      account_type: { SUPER: 'Super administrator', PROVIDER: 'Provider staff', INTEGRATOR: 'Brand', DEALER: 'Store' },
    },
  },
  zh: {
    name: '角色 |||| 角色',
    fields: {
      _id: '角色标识',
      display_name: '名称',
      description: '描述',
      account_type: '适用账号类型',
      authorizations: '权限',
      require_totp: '必须两步验证登录',
      create_time: '创建时间',
      q: '搜索',
    },
    choices: { account_type: { SUPER: '超级管理员', PROVIDER: '平台人员', INTEGRATOR: '品牌', DEALER: '门店' } },
  },
  es: {
    name: 'Rol |||| Roles',
    fields: {
      _id: 'Id del rol',
      display_name: 'Nombre',
      description: 'Descripción',
      account_type: 'Para el tipo de cuenta',
      authorizations: 'Permisos',
      require_totp: 'Exige verificación en dos pasos',
      create_time: 'Creado',
      q: 'Buscar',
    },
    choices: {
      account_type: {
        SUPER: 'Superadministrador',
        PROVIDER: 'Personal del proveedor',
        INTEGRATOR: 'Marca',
        DEALER: 'Tienda',
      },
    },
  },
  ja: {
    name: 'ロール |||| ロール',
    fields: {
      _id: 'ロールID',
      display_name: '名称',
      description: '説明',
      account_type: '対象アカウント種別',
      authorizations: '権限',
      require_totp: '2段階認証を必須',
      create_time: '作成日時',
      q: '検索',
    },
    choices: {
      account_type: {
        SUPER: 'スーパー管理者',
        PROVIDER: 'プラットフォーム担当',
        INTEGRATOR: 'ブランド',
        DEALER: '店舗',
      },
    },
  },
};
export default labels;
