// Running in production: what the API answers while its database is away, restarting, or not yet migrated.
const en = {
  vf: {
    ops: {
      error: {
        database_unavailable: 'The database cannot be reached right now. Please try again in a few seconds.',
        migrations_pending: 'The database is not up to date: its migrations have not been applied yet.',
        shutting_down: 'This server is restarting. Please try again.',
      },
    },
  },
};

const zh = {
  vf: {
    ops: {
      error: {
        database_unavailable: '暂时无法连接数据库，请几秒后重试。',
        migrations_pending: '数据库尚未更新：迁移还未执行。',
        shutting_down: '服务器正在重启，请重试。',
      },
    },
  },
};

const es = {
  vf: {
    ops: {
      error: {
        database_unavailable:
          'No se puede acceder a la base de datos en este momento. Vuelva a intentarlo en unos segundos.',
        migrations_pending: 'La base de datos no está actualizada: sus migraciones aún no se han aplicado.',
        shutting_down: 'Este servidor se está reiniciando. Vuelva a intentarlo.',
      },
    },
  },
};

const ja = {
  vf: {
    ops: {
      error: {
        database_unavailable: '現在データベースに接続できません。数秒後にもう一度お試しください。',
        migrations_pending: 'データベースが最新ではありません：マイグレーションがまだ適用されていません。',
        shutting_down: 'このサーバーは再起動中です。もう一度お試しください。',
      },
    },
  },
};

export default { en, zh, es, ja };
