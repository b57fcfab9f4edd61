import type { ResourceLabels } from './types';

const labels: ResourceLabels = {
  en: {
    name: 'Product group |||| Product groups',
    fields: { _id: 'Id', name: 'Name', tag: 'Tag', sortIndex: 'Sort index', integrator: 'Brand', dealer: 'Store', products: 'Products', hide: 'Hidden', online: 'Online', create_time: 'Created', q: 'Search' },
    actions: { publish: 'Publish', withdraw: 'Withdraw' },
  },
  zh: {
    name: '商品分组 |||| 商品分组',
    fields: { _id: '编号', name: '名称', tag: '标签', sortIndex: '排序', integrator: '品牌', dealer: '门店', products: '商品', hide: '隐藏', online: '已上线', create_time: '创建时间', q: '搜索' },
    actions: { publish: '发布', withdraw: '撤回' },
  },
  es: {
    name: 'Grupo de productos |||| Grupos de productos',
    fields: { _id: 'Id', name: 'Nombre', tag: 'Etiqueta', sortIndex: 'Orden', integrator: 'Marca', dealer: 'Tienda', products: 'Productos', hide: 'Oculto', online: 'En línea', create_time: 'Creado', q: 'Buscar' },
    actions: { publish: 'Publicar', withdraw: 'Retirar' },
  },
  ja: {
    name: '商品グループ |||| 商品グループ',
    fields: { _id: 'ID', name: '名称', tag: 'タグ', sortIndex: '並び順', integrator: 'ブランド', dealer: '店舗', products: '商品', hide: '非表示', online: '公開中', create_time: '作成日時', q: '検索' },
    actions: { publish: '公開', withdraw: '公開停止' },
  },
};
export default labels;
