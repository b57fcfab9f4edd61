// Messages show their code's title and content in the viewer's language.
import { notifyText } from '../../../i18n/notify';
import { defineHooks } from '../../crud/hooks';

export const messageHooks = defineHooks('message', {
  present(rows, _db, ctx) {
    for (const r of rows) {
      const t = notifyText(Number(r.code), ctx.lang);
      r.title = t?.title ?? `#${r.code}`;
      r.content = t?.content ?? '';
    }
  },
});
