// Accessibility (docs/accessibility.md): the names a screen reader says where the screen shows no words of its own —
// a list row's selection checkbox, the columns of a chart's table.
const en = {
  vf: {
    a11y: {
      select_row: 'Select %{name}',
      chart: { period: 'Period', type: 'Robot type', product: 'Product', state: 'State', count: 'Robots' },
    },
  },
};

const zh: typeof en = {
  vf: {
    a11y: {
      select_row: '选择 %{name}',
      chart: { period: '时间', type: '机器人类型', product: '商品', state: '状态', count: '机器人数' },
    },
  },
};

const es: typeof en = {
  vf: {
    a11y: {
      select_row: 'Seleccionar %{name}',
      chart: { period: 'Periodo', type: 'Tipo de robot', product: 'Producto', state: 'Estado', count: 'Robots' },
    },
  },
};

const ja: typeof en = {
  vf: {
    a11y: {
      select_row: '%{name} を選択',
      chart: { period: '期間', type: 'ロボットの種類', product: '商品', state: '状態', count: 'ロボット数' },
    },
  },
};

export default { en, zh, es, ja };
