// Messages of the API's edge schemas (server/http/schema.ts): a body of the wrong shape is refused in the
// caller's language, naming the field, like every other validation failure.
export default {
  en: {
    vf: {
      apidocs: {
        type_number: '%{field} must be a number',
        shape: '%{field} has the wrong form',
      },
    },
  },
  zh: {
    vf: {
      apidocs: {
        type_number: '%{field} 必须是数字',
        shape: '%{field} 的格式不正确',
      },
    },
  },
  es: {
    vf: {
      apidocs: {
        type_number: '%{field} debe ser un número',
        shape: '%{field} no tiene la forma correcta',
      },
    },
  },
  ja: {
    vf: {
      apidocs: {
        type_number: '%{field} は数値で入力してください',
        shape: '%{field} の形式が正しくありません',
      },
    },
  },
};
