// What a permission created from a declaration is called (server/auth/declared.ts): the resource's name and
// the verb's label (an action's label comes from the resource's own words).
const en = {
  vf: {
    schema: {
      permission: '%{resource}: %{what}',
      verb: { list: 'List', read: 'Details', add: 'Add', edit: 'Edit', delete: 'Delete' },
    },
  },
};

const zh: typeof en = {
  vf: {
    schema: {
      permission: '%{resource}：%{what}',
      verb: { list: '列表', read: '详情', add: '新增', edit: '编辑', delete: '删除' },
    },
  },
};

const es: typeof en = {
  vf: {
    schema: {
      permission: '%{resource}: %{what}',
      verb: { list: 'Lista', read: 'Detalles', add: 'Añadir', edit: 'Editar', delete: 'Eliminar' },
    },
  },
};

const ja: typeof en = {
  vf: {
    schema: {
      permission: '%{resource}：%{what}',
      verb: { list: '一覧', read: '詳細', add: '追加', edit: '編集', delete: '削除' },
    },
  },
};

export default { en, zh, es, ja };
