import type { ResourceLabels } from './types';
import { productFields, productTypes } from './product';

const labels: ResourceLabels = {
  en: { name: 'Product template |||| Product templates', fields: productFields.en, choices: { type: productTypes.en } },
  zh: { name: '商品模板 |||| 商品模板', fields: productFields.zh, choices: { type: productTypes.zh } },
  es: {
    name: 'Plantilla de producto |||| Plantillas de producto',
    fields: productFields.es,
    choices: { type: productTypes.es },
  },
  ja: { name: '商品テンプレート |||| 商品テンプレート', fields: productFields.ja, choices: { type: productTypes.ja } },
};
export default labels;
