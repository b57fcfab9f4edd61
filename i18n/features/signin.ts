// Two-factor sign-in (TOTP): the sign-in page's second step, the profile's enrolment card, and the
// server's refusals.
const en = {
  vf: {
    signin: {
      bad_code: 'The code is not right',
      code_locked: "%{max} wrong codes in a row: sign in again with your password. The account's owner has been told",
      code_held:
        "Too many wrong codes for this account: its second step is held for %{minutes} min, every code refused. The account's owner has been told",
      password_held:
        "Too many wrong passwords for this account: signing in is held for %{minutes} min. The account's owner has been told",
      challenge_expired: 'The sign-in took too long: enter your password again',
      already_enabled: 'Two-factor sign-in is already on',
      not_started: 'Start the set-up first',
      not_enabled: 'Two-factor sign-in is not on',
      enrol_required: 'Your role requires two-factor sign-in: set it up on your profile first',
      require_totp_super: 'Only a super administrator can require two-factor sign-in',
      code: 'Code from your authenticator app',
      code_hint: 'Or one of your recovery codes',
      verify: 'Verify',
      back: 'Back',
      title: 'Two-factor sign-in',
      on: 'On: signing in asks for a code from your authenticator app.',
      off: 'Off: signing in asks for your password only.',
      required: 'Your role requires it: set it up to continue.',
      setup: 'Set up',
      scan: 'Scan this code with an authenticator app, or enter the key by hand, then type the code it shows.',
      key: 'Key',
      qr: 'QR code for your authenticator app',
      confirm: 'Turn on',
      recovery_title: 'Recovery codes',
      recovery_hint:
        'Keep these codes somewhere safe. Each signs you in once if you lose your phone. They are shown only now.',
      recovery_left: '%{count} recovery codes left',
      disable: 'Turn off',
      disable_hint: 'Enter a current code to turn it off.',
      enabled_done: 'Two-factor sign-in is on',
      disabled_done: 'Two-factor sign-in is off',
    },
  },
};

const zh: typeof en = {
  vf: {
    signin: {
      bad_code: '验证码不正确',
      code_locked: '连续 %{max} 次验证码错误：请重新用密码登录。已通知该账号的所有者',
      code_held: '该账号的错误验证码过多：第二步已暂停 %{minutes} 分钟，期间任何验证码都会被拒绝。已通知该账号的所有者',
      password_held: '该账号的错误密码过多：登录已暂停 %{minutes} 分钟。已通知该账号的所有者',
      challenge_expired: '登录超时，请重新输入密码',
      already_enabled: '两步验证已开启',
      not_started: '请先开始设置',
      not_enabled: '两步验证未开启',
      enrol_required: '您的角色要求两步验证登录：请先在个人资料中设置',
      require_totp_super: '只有超级管理员可以要求两步验证',
      code: '身份验证器应用中的验证码',
      code_hint: '或输入一个恢复码',
      verify: '验证',
      back: '返回',
      title: '两步验证登录',
      on: '已开启：登录时需要身份验证器应用中的验证码。',
      off: '未开启：登录时只需密码。',
      required: '您的角色要求开启，请先完成设置。',
      setup: '设置',
      scan: '用身份验证器应用扫描此二维码，或手动输入密钥，然后输入应用显示的验证码。',
      key: '密钥',
      qr: '身份验证器应用的二维码',
      confirm: '开启',
      recovery_title: '恢复码',
      recovery_hint: '请妥善保存这些恢复码。手机丢失时，每个恢复码可登录一次。它们只显示这一次。',
      recovery_left: '剩余 %{count} 个恢复码',
      disable: '关闭',
      disable_hint: '输入当前验证码以关闭。',
      enabled_done: '两步验证已开启',
      disabled_done: '两步验证已关闭',
    },
  },
};

const es: typeof en = {
  vf: {
    signin: {
      bad_code: 'El código no es correcto',
      code_locked:
        '%{max} códigos incorrectos seguidos: vuelva a iniciar sesión con su contraseña. Se ha avisado al titular de la cuenta',
      code_held:
        'Demasiados códigos incorrectos para esta cuenta: su segundo paso queda retenido %{minutes} min y se rechaza todo código. Se ha avisado al titular de la cuenta',
      password_held:
        'Demasiadas contraseñas incorrectas para esta cuenta: el inicio de sesión queda retenido %{minutes} min. Se ha avisado al titular de la cuenta',
      challenge_expired: 'El inicio de sesión tardó demasiado: vuelve a introducir la contraseña',
      already_enabled: 'La verificación en dos pasos ya está activada',
      not_started: 'Primero inicia la configuración',
      not_enabled: 'La verificación en dos pasos no está activada',
      enrol_required: 'Tu rol exige verificación en dos pasos: configúrala primero en tu perfil',
      require_totp_super: 'Solo un superadministrador puede exigir la verificación en dos pasos',
      code: 'Código de tu aplicación de autenticación',
      code_hint: 'O uno de tus códigos de recuperación',
      verify: 'Verificar',
      back: 'Volver',
      title: 'Verificación en dos pasos',
      on: 'Activada: al iniciar sesión se pide un código de tu aplicación de autenticación.',
      off: 'Desactivada: al iniciar sesión solo se pide la contraseña.',
      required: 'Tu rol la exige: configúrala para continuar.',
      setup: 'Configurar',
      scan: 'Escanea este código con una aplicación de autenticación, o introduce la clave a mano, y escribe el código que muestra.',
      key: 'Clave',
      qr: 'Código QR para tu aplicación de autenticación',
      confirm: 'Activar',
      recovery_title: 'Códigos de recuperación',
      recovery_hint:
        'Guarda estos códigos en un lugar seguro. Cada uno te permite entrar una vez si pierdes el teléfono. Solo se muestran ahora.',
      recovery_left: 'Quedan %{count} códigos de recuperación',
      disable: 'Desactivar',
      disable_hint: 'Introduce un código actual para desactivarla.',
      enabled_done: 'Verificación en dos pasos activada',
      disabled_done: 'Verificación en dos pasos desactivada',
    },
  },
};

const ja: typeof en = {
  vf: {
    signin: {
      bad_code: 'コードが正しくありません',
      code_locked:
        '%{max} 回続けてコードが違いました。パスワードからサインインし直してください。アカウントの所有者に通知しました',
      code_held:
        'このアカウントへの誤ったコードが多すぎます。2 段階目を %{minutes} 分間保留し、どのコードも受け付けません。アカウントの所有者に通知しました',
      password_held:
        'このアカウントへの誤ったパスワードが多すぎます。サインインを %{minutes} 分間保留します。アカウントの所有者に通知しました',
      challenge_expired: 'サインインに時間がかかりすぎました。パスワードをもう一度入力してください',
      already_enabled: '2段階認証はすでに有効です',
      not_started: '先に設定を開始してください',
      not_enabled: '2段階認証は有効になっていません',
      enrol_required: 'ロールにより2段階認証が必須です。先にプロフィールで設定してください',
      require_totp_super: '2段階認証を必須にできるのはスーパー管理者だけです',
      code: '認証アプリのコード',
      code_hint: 'またはリカバリーコード',
      verify: '確認',
      back: '戻る',
      title: '2段階認証',
      on: '有効：サインイン時に認証アプリのコードが必要です。',
      off: '無効：サインインはパスワードのみです。',
      required: 'ロールにより必須です。続けるには設定してください。',
      setup: '設定',
      scan: '認証アプリでこのコードを読み取るか、キーを手入力し、表示されたコードを入力してください。',
      key: 'キー',
      qr: '認証アプリ用のQRコード',
      confirm: '有効にする',
      recovery_title: 'リカバリーコード',
      recovery_hint:
        'これらのコードを安全な場所に保管してください。スマートフォンを紛失した場合、各コードで1回サインインできます。表示されるのは今回だけです。',
      recovery_left: 'リカバリーコード残り %{count} 個',
      disable: '無効にする',
      disable_hint: '無効にするには現在のコードを入力してください。',
      enabled_done: '2段階認証を有効にしました',
      disabled_done: '2段階認証を無効にしました',
    },
  },
};

export default { en, zh, es, ja };
