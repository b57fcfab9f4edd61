// Webhooks: why an endpoint is refused, the one-time signing secret, the delivery log on an endpoint's page.
const en = {
  vf: {
    webhooks: {
      error: {
        url: 'Enter a full URL such as https://example.com/hooks, without a user name or password',
        scheme: 'Only https:// endpoints are accepted',
        unresolved: 'This host name does not resolve',
        private: 'This address is private, loopback or reserved: webhooks go to public addresses only',
      },
      secret_title: 'Signing secret',
      secret_once: 'Copy this secret into the receiving system now. It is shown only once; it verifies the VendFleet-Signature header of every delivery.',
      deliveries: 'Deliveries',
      deliveries_none: 'No deliveries yet',
      test_sent: 'Test event queued: it appears in the deliveries below once sent',
    },
  },
};

const zh = {
  vf: {
    webhooks: {
      error: {
        url: '请输入完整网址，例如 https://example.com/hooks，不要包含用户名或密码',
        scheme: '只接受 https:// 地址',
        unresolved: '无法解析该主机名',
        private: '该地址属于内网、回环或保留地址：Webhook 只能发送到公网地址',
      },
      secret_title: '签名密钥',
      secret_once: '请立即将此密钥配置到接收系统。它只显示一次，用于校验每次推送的 VendFleet-Signature 请求头。',
      deliveries: '推送记录',
      deliveries_none: '暂无推送记录',
      test_sent: '测试事件已加入队列，发送后会出现在下方推送记录中',
    },
  },
};

const es = {
  vf: {
    webhooks: {
      error: {
        url: 'Introduzca una URL completa como https://example.com/hooks, sin usuario ni contraseña',
        scheme: 'Solo se aceptan direcciones https://',
        unresolved: 'No se puede resolver este nombre de host',
        private: 'Esta dirección es privada, de bucle local o reservada: los webhooks solo van a direcciones públicas',
      },
      secret_title: 'Secreto de firma',
      secret_once: 'Copie ahora este secreto en el sistema receptor. Solo se muestra una vez; verifica la cabecera VendFleet-Signature de cada envío.',
      deliveries: 'Envíos',
      deliveries_none: 'Todavía no hay envíos',
      test_sent: 'Evento de prueba en cola: aparecerá en los envíos de abajo cuando se envíe',
    },
  },
};

const ja = {
  vf: {
    webhooks: {
      error: {
        url: 'https://example.com/hooks のような完全な URL を入力してください（ユーザー名やパスワードは不可）',
        scheme: 'https:// のエンドポイントのみ登録できます',
        unresolved: 'このホスト名は名前解決できません',
        private: 'このアドレスはプライベート、ループバックまたは予約済みです。Webhook はパブリックアドレスにのみ送信されます',
      },
      secret_title: '署名シークレット',
      secret_once: 'このシークレットを今すぐ受信側システムに設定してください。表示は一度だけです。各配信の VendFleet-Signature ヘッダーの検証に使います。',
      deliveries: '配信履歴',
      deliveries_none: 'まだ配信はありません',
      test_sent: 'テストイベントをキューに入れました。送信後、下の配信履歴に表示されます',
    },
  },
};

export default { en, zh, es, ja };
