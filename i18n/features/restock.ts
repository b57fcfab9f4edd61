// Replenishment (issue 15): the restock list's bulk restock and its errors.
const en = {
  vf: {
    restock: {
      apply: 'Restock',
      dialog_title: 'Restock %{smart_count} product |||| Restock %{smart_count} products',
      dialog_hint: 'All lines are restocked together, or none if one is refused.',
      mode: 'How',
      mode_add: 'Add',
      mode_fill: 'Fill to',
      amount: 'Quantity',
      now: 'now %{stock}',
      done: '%{smart_count} product restocked |||| %{smart_count} products restocked',
      sold_out: 'Sold out',
      low: 'Low',
      error: {
        lines: 'Send between 1 and %{max} lines',
        line: 'Line %{line}: name a product and the version you saw',
        duplicate: 'Line %{line}: this product is already in an earlier line',
        amount: 'Line %{line}: give either a quantity of at least 1 or a stock to fill to, up to %{max}',
        not_found: 'Line %{line}: no such product',
        unlimited: 'Line %{line}: %{name} has unlimited stock: set a stock first, then restock it',
        stale: 'Line %{line}: %{name} was restocked or changed meanwhile: reload the list and try again',
        limit: 'Line %{line}: %{name} would exceed the largest stock, %{max}',
      },
    },
  },
};

const zh = {
  vf: {
    restock: {
      apply: '补货',
      dialog_title: '为 %{smart_count} 个商品补货 |||| 为 %{smart_count} 个商品补货',
      dialog_hint: '所有行一起补货；任一行被拒绝则全部不补。',
      mode: '方式',
      mode_add: '增加',
      mode_fill: '补足到',
      amount: '数量',
      now: '当前 %{stock}',
      done: '已为 %{smart_count} 个商品补货 |||| 已为 %{smart_count} 个商品补货',
      sold_out: '已售罄',
      low: '库存不足',
      error: {
        lines: '请提交 1 到 %{max} 行',
        line: '第 %{line} 行：请指明商品及您看到的版本',
        duplicate: '第 %{line} 行：该商品已在前面的行中',
        amount: '第 %{line} 行：请填写至少为 1 的数量或要补足到的库存（最多 %{max}）',
        not_found: '第 %{line} 行：商品不存在',
        unlimited: '第 %{line} 行：%{name} 的库存不限：请先设置库存再补货',
        stale: '第 %{line} 行：%{name} 已被他人补货或修改：请刷新列表后重试',
        limit: '第 %{line} 行：%{name} 的库存将超过上限 %{max}',
      },
    },
  },
};

const es = {
  vf: {
    restock: {
      apply: 'Reponer',
      dialog_title: 'Reponer %{smart_count} producto |||| Reponer %{smart_count} productos',
      dialog_hint: 'Todas las líneas se reponen juntas, o ninguna si se rechaza una.',
      mode: 'Cómo',
      mode_add: 'Añadir',
      mode_fill: 'Completar hasta',
      amount: 'Cantidad',
      now: 'ahora %{stock}',
      done: '%{smart_count} producto repuesto |||| %{smart_count} productos repuestos',
      sold_out: 'Agotado',
      low: 'Bajo',
      error: {
        lines: 'Envíe entre 1 y %{max} líneas',
        line: 'Línea %{line}: indique un producto y la versión que vio',
        duplicate: 'Línea %{line}: este producto ya está en una línea anterior',
        amount: 'Línea %{line}: indique una cantidad de al menos 1 o unas existencias hasta las que completar, como máximo %{max}',
        not_found: 'Línea %{line}: no existe ese producto',
        unlimited: 'Línea %{line}: %{name} tiene existencias ilimitadas: fije primero unas existencias y luego repóngalo',
        stale: 'Línea %{line}: %{name} se ha repuesto o cambiado mientras tanto: recargue la lista y vuelva a intentarlo',
        limit: 'Línea %{line}: %{name} superaría las existencias máximas, %{max}',
      },
    },
  },
};

const ja = {
  vf: {
    restock: {
      apply: '補充',
      dialog_title: '%{smart_count} 件の商品を補充 |||| %{smart_count} 件の商品を補充',
      dialog_hint: 'すべての行をまとめて補充します。1 行でも拒否されると何も補充されません。',
      mode: '方法',
      mode_add: '追加',
      mode_fill: '目標在庫',
      amount: '数量',
      now: '現在 %{stock}',
      done: '%{smart_count} 件の商品を補充しました |||| %{smart_count} 件の商品を補充しました',
      sold_out: '売り切れ',
      low: '在庫僅少',
      error: {
        lines: '1～%{max} 行を送信してください',
        line: '%{line} 行目：商品と表示されたバージョンを指定してください',
        duplicate: '%{line} 行目：この商品は前の行にすでにあります',
        amount: '%{line} 行目：1 以上の数量か目標在庫（最大 %{max}）のどちらかを指定してください',
        not_found: '%{line} 行目：その商品はありません',
        unlimited: '%{line} 行目：%{name} の在庫は無制限です。先に在庫を設定してから補充してください',
        stale: '%{line} 行目：%{name} はその間に補充または変更されました。一覧を再読み込みしてやり直してください',
        limit: '%{line} 行目：%{name} の在庫が上限 %{max} を超えます',
      },
    },
  },
};

export default { en, zh, es, ja };
