// Notifications (docs/notifications.md): why a channel or policy is refused, and the words of the messages people
// receive, in the channel's language.
const en = {
  vf: {
    notify: {
      me: 'Notify me',
      me_done: 'Alarms can now reach %{email}: name this channel in a policy’s tier',
      me_no_email: 'Your account has no e-mail address: add one in your profile first',
      form: {
        after_minutes: 'Minutes after opening',
        channels: 'Channels',
        tier_after: 'Tier %{tier}: %{minutes} min',
        from: 'From',
        to: 'To',
      },
      error: {
        email: 'Enter one or more e-mail addresses separated by commas (at most %{max})',
        tz: 'Enter a time zone such as Asia/Shanghai or Europe/Madrid',
        tiers: 'Give 1 to %{max} tiers',
        after_minutes: 'A tier comes 0 to %{max} minutes after the alarm opened',
        tier_channels: 'Each tier names 1 to %{max} channels',
        tiers_order: 'The first tier comes at once (0 minutes) and each next tier later than the one before',
        quiet: 'Quiet hours are two different times of day, such as 22:00 and 07:00',
        codes: 'Codes are up to %{max} whole numbers',
        channel: 'This channel is not one of the brand’s',
        robot: 'This robot or store is not one of the brand’s',
        test_rate: 'At most %{max} test messages a minute: try again in a moment',
        nothing: 'Choose alarm levels, events or both: a policy with neither sends nothing',
      },
      level: { warning: 'Warning', error: 'Error' },
      subject: '[%{level}] %{title} — %{robot}',
      digest_subject: '%{count} alarms — %{brand}',
      digest_intro: 'These alarms opened while messages were held or came too quickly for one at a time:',
      test_subject: 'VendFleet test message',
      test_text: 'This channel works: alarms of %{brand} will reach it.',
      robot: 'Robot',
      store: 'Store',
      time: 'Opened',
      measured: 'Measured',
      detail: 'Detail',
      tier: 'Still not acknowledged after %{minutes} min (tier %{tier})',
      link: 'Open the alarm',
      event: {
        link: 'Open in the console',
        second_factor_held: {
          subject: '[Security] Sign-in held: %{account}',
          text: 'The account %{account} entered %{failures} wrong second-factor codes in a row; its codes are refused until %{until}. If this was not its owner, change the password.',
        },
        webhook_paused: {
          subject: 'Webhook paused: %{host}',
          text: 'The webhook to %{host} failed %{failures} times in a row and is paused: it receives nothing until it is resumed.',
          error: 'Last error: %{error}',
        },
        campaign_aborted: {
          subject: 'Campaign aborted: %{name}',
          text: 'The campaign %{name} was stopped by its abort rule: %{failures} failures of %{outcomes} outcomes; %{cancelled} queued commands were cancelled.',
        },
        visit_plan: {
          subject: 'Visit plan %{date}: %{store}, %{count} robots',
          load: 'load %{lines}',
        },
      },
    },
  },
};

const zh = {
  vf: {
    notify: {
      me: '通知我',
      me_done: '告警现在可以发送到 %{email}：请在策略的层级中选择此渠道',
      me_no_email: '您的账号没有邮箱地址：请先在个人资料中添加',
      form: {
        after_minutes: '告警产生后分钟数',
        channels: '渠道',
        tier_after: '第 %{tier} 层：%{minutes} 分钟',
        from: '开始',
        to: '结束',
      },
      error: {
        email: '请输入一个或多个邮箱地址，用逗号分隔（最多 %{max} 个）',
        tz: '请输入时区，例如 Asia/Shanghai 或 Europe/Madrid',
        tiers: '请设置 1 到 %{max} 个层级',
        after_minutes: '层级在告警产生后 0 到 %{max} 分钟内',
        tier_channels: '每个层级需选择 1 到 %{max} 个渠道',
        tiers_order: '第一个层级立即通知（0 分钟），之后每个层级都要晚于前一个',
        quiet: '免打扰时段是两个不同的时间，例如 22:00 和 07:00',
        codes: '代码最多 %{max} 个整数',
        channel: '该渠道不属于此品牌',
        robot: '该机器人或门店不属于此品牌',
        test_rate: '每分钟最多发送 %{max} 条测试消息：请稍后再试',
        nothing: '请选择告警级别或事件（或两者）：两者都不选的策略不会发送任何消息',
      },
      level: { warning: '警告', error: '故障' },
      subject: '[%{level}] %{title} — %{robot}',
      digest_subject: '%{count} 条告警 — %{brand}',
      digest_intro: '以下告警在暂缓期间或短时间内大量产生，合并发送：',
      test_subject: 'VendFleet 测试消息',
      test_text: '此渠道可用：%{brand} 的告警将发送到这里。',
      robot: '机器人',
      store: '门店',
      time: '发生时间',
      measured: '测量值',
      detail: '详情',
      tier: '%{minutes} 分钟后仍未确认（第 %{tier} 层级）',
      link: '查看告警',
      event: {
        link: '在控制台中打开',
        second_factor_held: {
          subject: '[安全] 登录已暂停：%{account}',
          text: '账号 %{account} 连续输入了 %{failures} 次错误的二次验证码；在 %{until} 之前其验证码将被拒绝。如果这不是账号本人，请修改密码。',
        },
        webhook_paused: {
          subject: 'Webhook 已暂停：%{host}',
          text: '发往 %{host} 的 Webhook 连续失败 %{failures} 次，已暂停：恢复之前不再发送。',
          error: '最近的错误：%{error}',
        },
        campaign_aborted: {
          subject: '任务已中止：%{name}',
          text: '任务 %{name} 因中止规则停止：%{outcomes} 个结果中有 %{failures} 个失败；已取消 %{cancelled} 条排队中的指令。',
        },
        visit_plan: {
          subject: '%{date} 巡店计划：%{store}，%{count} 台机器人',
          load: '装载 %{lines}',
        },
      },
    },
  },
};

const es = {
  vf: {
    notify: {
      me: 'Avisarme',
      me_done: 'Las alarmas ya pueden llegar a %{email}: elija este canal en un escalón de una política',
      me_no_email: 'Su cuenta no tiene correo electrónico: añádalo primero en su perfil',
      form: {
        after_minutes: 'Minutos tras abrirse',
        channels: 'Canales',
        tier_after: 'Escalón %{tier}: %{minutes} min',
        from: 'Desde',
        to: 'Hasta',
      },
      error: {
        email: 'Introduzca una o más direcciones de correo separadas por comas (como máximo %{max})',
        tz: 'Introduzca una zona horaria como Asia/Shanghai o Europe/Madrid',
        tiers: 'Indique de 1 a %{max} escalones',
        after_minutes: 'Un escalón llega de 0 a %{max} minutos después de abrirse la alarma',
        tier_channels: 'Cada escalón nombra de 1 a %{max} canales',
        tiers_order: 'El primer escalón llega enseguida (0 minutos) y cada siguiente más tarde que el anterior',
        quiet: 'Las horas de silencio son dos horas del día distintas, como 22:00 y 07:00',
        codes: 'Los códigos son hasta %{max} números enteros',
        channel: 'Este canal no es de la marca',
        robot: 'Este robot o tienda no es de la marca',
        test_rate: 'Como máximo %{max} mensajes de prueba por minuto: inténtelo de nuevo en un momento',
        nothing: 'Elija niveles de alarma, eventos o ambos: una política sin ninguno no envía nada',
      },
      level: { warning: 'Aviso', error: 'Error' },
      subject: '[%{level}] %{title} — %{robot}',
      digest_subject: '%{count} alarmas — %{brand}',
      digest_intro: 'Estas alarmas se abrieron mientras los mensajes estaban retenidos o llegaron demasiado seguidas:',
      test_subject: 'Mensaje de prueba de VendFleet',
      test_text: 'Este canal funciona: las alarmas de %{brand} llegarán aquí.',
      robot: 'Robot',
      store: 'Tienda',
      time: 'Abierta',
      measured: 'Medido',
      detail: 'Detalle',
      tier: 'Sin confirmar tras %{minutes} min (escalón %{tier})',
      link: 'Abrir la alarma',
      event: {
        link: 'Abrir en la consola',
        second_factor_held: {
          subject: '[Seguridad] Inicio de sesión retenido: %{account}',
          text: 'La cuenta %{account} introdujo %{failures} códigos de segundo factor erróneos seguidos; sus códigos se rechazan hasta %{until}. Si no fue su titular, cambie la contraseña.',
        },
        webhook_paused: {
          subject: 'Webhook en pausa: %{host}',
          text: 'El webhook a %{host} falló %{failures} veces seguidas y está en pausa: no recibe nada hasta que se reanude.',
          error: 'Último error: %{error}',
        },
        campaign_aborted: {
          subject: 'Campaña abortada: %{name}',
          text: 'La campaña %{name} se detuvo por su regla de aborto: %{failures} fallos de %{outcomes} resultados; se cancelaron %{cancelled} órdenes en cola.',
        },
        visit_plan: {
          subject: 'Plan de visitas %{date}: %{store}, %{count} robots',
          load: 'cargar %{lines}',
        },
      },
    },
  },
};

const ja = {
  vf: {
    notify: {
      me: '自分に通知',
      me_done: 'アラームを %{email} に送れるようになりました。ポリシーの段階でこのチャネルを選んでください',
      me_no_email: 'アカウントにメールアドレスがありません。先にプロフィールで追加してください',
      form: {
        after_minutes: '発生からの分数',
        channels: 'チャネル',
        tier_after: '段階 %{tier}：%{minutes} 分',
        from: '開始',
        to: '終了',
      },
      error: {
        email: 'メールアドレスをカンマ区切りで入力してください（最大 %{max} 件）',
        tz: 'Asia/Shanghai や Europe/Madrid のようなタイムゾーンを入力してください',
        tiers: '段階は 1〜%{max} 個です',
        after_minutes: '段階はアラーム発生の 0〜%{max} 分後です',
        tier_channels: '各段階にはチャネルを 1〜%{max} 個指定します',
        tiers_order: '最初の段階はすぐ（0 分）、以降の段階は前の段階より後にしてください',
        quiet: 'おやすみ時間は 22:00 と 07:00 のような異なる 2 つの時刻です',
        codes: 'コードは最大 %{max} 個の整数です',
        channel: 'このチャネルはこのブランドのものではありません',
        robot: 'このロボットまたは店舗はこのブランドのものではありません',
        test_rate: '1 分間に送れるテストメッセージは %{max} 件までです。しばらくしてからお試しください',
        nothing: 'アラームのレベルかイベント（または両方）を選んでください。どちらもないポリシーは何も送りません',
      },
      level: { warning: '警告', error: 'エラー' },
      subject: '[%{level}] %{title} — %{robot}',
      digest_subject: 'アラーム %{count} 件 — %{brand}',
      digest_intro: '保留中、または短時間に多数発生したため、まとめて送るアラームです：',
      test_subject: 'VendFleet テストメッセージ',
      test_text: 'このチャネルは使えます。%{brand} のアラームがここに届きます。',
      robot: 'ロボット',
      store: '店舗',
      time: '発生日時',
      measured: '測定値',
      detail: '詳細',
      tier: '%{minutes} 分後も未確認です（段階 %{tier}）',
      link: 'アラームを開く',
      event: {
        link: 'コンソールで開く',
        second_factor_held: {
          subject: '[セキュリティ] サインインを保留：%{account}',
          text: 'アカウント %{account} で誤った二要素認証コードが %{failures} 回続けて入力されました。%{until} までコードは拒否されます。本人でない場合はパスワードを変更してください。',
        },
        webhook_paused: {
          subject: 'Webhook を一時停止：%{host}',
          text: '%{host} への Webhook が %{failures} 回続けて失敗したため一時停止しました。再開するまで何も送られません。',
          error: '最後のエラー：%{error}',
        },
        campaign_aborted: {
          subject: 'キャンペーンを中止：%{name}',
          text: 'キャンペーン %{name} は中止ルールにより停止しました：%{outcomes} 件中 %{failures} 件が失敗、待機中のコマンド %{cancelled} 件を取り消しました。',
        },
        visit_plan: {
          subject: '%{date} の巡回計画：%{store}、ロボット %{count} 台',
          load: '補充 %{lines}',
        },
      },
    },
  },
};

export default { en, zh, es, ja };
