// Replenishment (docs/replenishment.md): the restock list's states and the refusals of its bulk restock (the dialog's
// words are the resource's: i18n/resources/restock.ts `lines.apply`).
const en = {
  vf: {
    restock: {
      sold_out: 'Sold out',
      low: 'Low',
      error: {
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
      sold_out: '已售罄',
      low: '库存不足',
      error: {
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
      sold_out: 'Agotado',
      low: 'Bajo',
      error: {
        amount:
          'Línea %{line}: indique una cantidad de al menos 1 o unas existencias hasta las que completar, como máximo %{max}',
        not_found: 'Línea %{line}: no existe ese producto',
        unlimited:
          'Línea %{line}: %{name} tiene existencias ilimitadas: fije primero unas existencias y luego repóngalo',
        stale:
          'Línea %{line}: %{name} se ha repuesto o cambiado mientras tanto: recargue la lista y vuelva a intentarlo',
        limit: 'Línea %{line}: %{name} superaría las existencias máximas, %{max}',
      },
    },
  },
};

const ja = {
  vf: {
    restock: {
      sold_out: '売り切れ',
      low: '在庫僅少',
      error: {
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
