// Webhooks: why an endpoint is refused, the delivery log on an endpoint's page.
const en = {
  vf: {
    webhooks: {
      error: {
        url: 'Enter a full URL such as https://example.com/hooks, without a user name or password',
        scheme: 'Only https:// endpoints are accepted',
        unresolved: 'This host name does not resolve',
        private: 'This address is private, loopback or reserved: webhooks go to public addresses only',
        test_rate: 'At most %{max} test events a minute: try again in a moment',
      },
      deliveries: 'Deliveries',
      deliveries_none: 'No deliveries yet',
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
        test_rate: '每分钟最多发送 %{max} 个测试事件：请稍后再试',
      },
      deliveries: '推送记录',
      deliveries_none: '暂无推送记录',
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
        test_rate: 'Como máximo %{max} eventos de prueba por minuto: inténtelo de nuevo en un momento',
      },
      deliveries: 'Envíos',
      deliveries_none: 'Todavía no hay envíos',
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
        private:
          'このアドレスはプライベート、ループバックまたは予約済みです。Webhook はパブリックアドレスにのみ送信されます',
        test_rate: '1 分間に送れるテストイベントは %{max} 件までです。しばらくしてからもう一度お試しください',
      },
      deliveries: '配信履歴',
      deliveries_none: 'まだ配信はありません',
    },
  },
};

export default { en, zh, es, ja };
