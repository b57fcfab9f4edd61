// Words of the declaration vocabulary (resources/types.ts): the generic `sameAs` refusal, and the keys of
// declared JSON objects (a brand's payment, notification and pickup settings) with their choices.
const en = {
  vf: {
    vocab: {
      error: {
        same_as: '%{field}: "%{id}" belongs to another record than this one',
        https: 'An https:// address is required',
      },
      lines: {
        error: {
          lines: 'Send between 1 and %{max} lines',
          line: 'Line %{line}: name a row and the version you saw',
          duplicate: 'Line %{line}: this row is already in an earlier line',
          fields: 'Line %{line}: the values are not valid',
        },
        title: '%{action}: %{smart_count} selected',
        hint: 'All lines are applied together, or none if one is refused.',
        all: 'Apply to all lines',
        which: 'How',
        amount: 'Value',
        done: '%{action}: %{smart_count} done',
      },
      related: { none: 'None yet' },
      sub: {
        integrator: {
          pay_info: {
            fields: { channel: 'Payment channel', merchant_id: 'Merchant id', app_id: 'App id' },
            choices: { channel: { wechat: 'WeChat Pay', alipay: 'Alipay', sandbox: 'Sandbox (test)' } },
          },
          notify_info: {
            fields: { email: 'Notification e-mail', phone: 'Notification phone', webhook: 'Webhook address' },
          },
          pickup_config: {
            fields: { mode: 'Pickup by', code_length: 'Pickup code length', pickup_minutes: 'Minutes to pick up' },
            choices: { mode: { code: 'Pickup code', screen: 'Name on the screen' } },
          },
        },
      },
    },
  },
};

const zh: typeof en = {
  vf: {
    vocab: {
      error: {
        same_as: '%{field}：“%{id}”属于其他记录，不能选择',
        https: '请填写 https:// 开头的地址',
      },
      lines: {
        error: {
          lines: '请提交 1 到 %{max} 行',
          line: '第 %{line} 行：请指明记录及您看到的版本',
          duplicate: '第 %{line} 行：该记录已在前面的行中',
          fields: '第 %{line} 行：填写的值无效',
        },
        title: '%{action}：已选 %{smart_count} 项',
        hint: '所有行一起处理；任一行被拒绝则全部不处理。',
        all: '应用到所有行',
        which: '方式',
        amount: '数值',
        done: '%{action}：已完成 %{smart_count} 项',
      },
      related: { none: '暂无' },
      sub: {
        integrator: {
          pay_info: {
            fields: { channel: '支付渠道', merchant_id: '商户号', app_id: '应用编号' },
            choices: { channel: { wechat: '微信支付', alipay: '支付宝', sandbox: '沙箱（测试）' } },
          },
          notify_info: {
            fields: { email: '通知邮箱', phone: '通知电话', webhook: 'Webhook 地址' },
          },
          pickup_config: {
            fields: { mode: '取餐方式', code_length: '取餐码位数', pickup_minutes: '取餐时限（分钟）' },
            choices: { mode: { code: '取餐码', screen: '屏幕叫号' } },
          },
        },
      },
    },
  },
};

const es: typeof en = {
  vf: {
    vocab: {
      error: {
        same_as: '%{field}: "%{id}" pertenece a otro registro',
        https: 'Se requiere una dirección https://',
      },
      lines: {
        error: {
          lines: 'Envíe entre 1 y %{max} líneas',
          line: 'Línea %{line}: indique un registro y la versión que vio',
          duplicate: 'Línea %{line}: este registro ya está en una línea anterior',
          fields: 'Línea %{line}: los valores no son válidos',
        },
        title: '%{action}: %{smart_count} seleccionados',
        hint: 'Todas las líneas se aplican juntas, o ninguna si se rechaza una.',
        all: 'Aplicar a todas las líneas',
        which: 'Cómo',
        amount: 'Valor',
        done: '%{action}: %{smart_count} hechos',
      },
      related: { none: 'Aún no hay ninguno' },
      sub: {
        integrator: {
          pay_info: {
            fields: { channel: 'Canal de pago', merchant_id: 'Id de comercio', app_id: 'Id de aplicación' },
            choices: { channel: { wechat: 'WeChat Pay', alipay: 'Alipay', sandbox: 'Sandbox (pruebas)' } },
          },
          notify_info: {
            fields: { email: 'Correo de avisos', phone: 'Teléfono de avisos', webhook: 'Dirección del webhook' },
          },
          pickup_config: {
            fields: {
              mode: 'Recogida por',
              code_length: 'Longitud del código de recogida',
              pickup_minutes: 'Minutos para recoger',
            },
            choices: { mode: { code: 'Código de recogida', screen: 'Nombre en pantalla' } },
          },
        },
      },
    },
  },
};

const ja: typeof en = {
  vf: {
    vocab: {
      error: {
        same_as: '%{field}：「%{id}」は別のレコードに属しています',
        https: 'https:// で始まるアドレスを入力してください',
      },
      lines: {
        error: {
          lines: '1～%{max} 行を送信してください',
          line: '%{line} 行目：レコードと表示されたバージョンを指定してください',
          duplicate: '%{line} 行目：このレコードは前の行にすでにあります',
          fields: '%{line} 行目：値が正しくありません',
        },
        title: '%{action}：%{smart_count} 件選択',
        hint: 'すべての行をまとめて適用します。1 行でも拒否されると何も適用されません。',
        all: 'すべての行に適用',
        which: '方法',
        amount: '値',
        done: '%{action}：%{smart_count} 件完了',
      },
      related: { none: 'まだありません' },
      sub: {
        integrator: {
          pay_info: {
            fields: { channel: '決済チャネル', merchant_id: '加盟店ID', app_id: 'アプリID' },
            choices: { channel: { wechat: 'WeChat Pay', alipay: 'Alipay', sandbox: 'サンドボックス（テスト）' } },
          },
          notify_info: {
            fields: { email: '通知メール', phone: '通知電話', webhook: 'Webhook アドレス' },
          },
          pickup_config: {
            fields: { mode: '受け取り方法', code_length: '受け取りコードの桁数', pickup_minutes: '受け取り期限（分）' },
            choices: { mode: { code: '受け取りコード', screen: '画面で呼び出し' } },
          },
        },
      },
    },
  },
};

export default { en, zh, es, ja };
