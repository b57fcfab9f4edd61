// `npm start`: build the browser app when it is missing or stale, then serve it and /api.
import { buildIfStale } from './buildIfStale';

buildIfStale();
const { main } = await import('../server/main');
main();
