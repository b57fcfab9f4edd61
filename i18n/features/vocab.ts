// Words of the declaration vocabulary (resources/types.ts): the generic `sameAs` refusal, and the keys of
// declared JSON objects (a brand's payment, notification and pickup settings) with their choices.
const en = {
  vf: {
    vocab: {
      error: {
        same_as: '%{field}: "%{id}" belongs to another record than this one',
        https: 'An https:// address is required',
      },
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
            fields: { mode: 'Recogida por', code_length: 'Longitud del código de recogida', pickup_minutes: 'Minutos para recoger' },
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
