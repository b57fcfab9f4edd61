// Dates, times and numbers in the console's language: the pickers' own messages.
const en = {
  vf: {
    locale: {
      invalid_datetime: 'Enter a date and time like %{example}',
      invalid_date: 'Enter a date like %{example}',
    },
  },
};

const zh: typeof en = {
  vf: {
    locale: {
      invalid_datetime: '请按 %{example} 的格式输入日期和时间',
      invalid_date: '请按 %{example} 的格式输入日期',
    },
  },
};

const es: typeof en = {
  vf: {
    locale: {
      invalid_datetime: 'Escriba la fecha y la hora así: %{example}',
      invalid_date: 'Escriba la fecha así: %{example}',
    },
  },
};

const ja: typeof en = {
  vf: {
    locale: {
      invalid_datetime: '日時は %{example} の形式で入力してください',
      invalid_date: '日付は %{example} の形式で入力してください',
    },
  },
};

export default { en, zh, es, ja };
