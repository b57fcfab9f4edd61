// Customer-service Q&A history: the generated list (free-text search over questions and answers, filters
// by robot, store, language and time), with long questions and answers cut to three lines so a page of
// them can be scanned; a row opens the whole exchange.
import chatchat from '../../resources/chatchat';
import { makeList } from '../generated/screens';

const clamp = { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', maxWidth: 420 } as const;

export default { list: makeList(chatchat, { sx: { '& td.column-question > span, & td.column-answer > span': clamp } }) };
